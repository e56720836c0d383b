// The default priority of a new issue (report-page §5 "Default priority index: severity number times
// (allowed values count divided by 5), rounded").
import { describe, expect, it } from 'vitest'
import { defaultPriorityIndex } from './jira'

describe('defaultPriorityIndex', () => {
  it("maps severities onto Jira's five default priorities one to one, highest first", () => {
    expect(
      (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE'] as const).map((s) =>
        defaultPriorityIndex(s, 5),
      ),
    ).toEqual([0, 1, 2, 3, 4, 4])
  })

  it('scales the severity number by count / 5, rounded and clamped into the list', () => {
    // round(n × 3 / 5): 0, 0.6→1, 1.2→1, 1.8→2, 2.4→2, 3→clamped 2
    expect(
      (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE'] as const).map((s) =>
        defaultPriorityIndex(s, 3),
      ),
    ).toEqual([0, 1, 1, 2, 2, 2])
    // round(n × 10 / 5) = 2n
    expect(defaultPriorityIndex('MEDIUM', 10)).toBe(4)
    expect(defaultPriorityIndex('NONE', 10)).toBe(9)
    expect(defaultPriorityIndex('LOW', 1)).toBe(0)
    expect(defaultPriorityIndex('HIGH', 0)).toBe(-1)
  })
})
