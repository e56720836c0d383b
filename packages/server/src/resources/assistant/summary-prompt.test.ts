// The assistant's report summary prompt never reads an unassessed domain as a score or a clean result
// (issue 14 "Unknown is not 100"): "n/a (not assessed)", the report's gaps, and no "No vulnerable
// components were found" when security was not assessed whole.
import type { Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { summaryPrompt } from './assistant.prompts'

const complete = {
  state: 'complete' as const,
  components: 2,
  assessedComponents: 2,
  partialScore: null,
  gaps: [],
}
const gap = {
  kind: 'no-advisory-data' as const,
  message: 'The advisory store held no advisories when this report was built.',
  count: 2,
  examples: [],
}

function report(securityAssessed: boolean): Report {
  return {
    thresholds: { security: 90, stability: 80, licensing: 95 },
    outcome: securityAssessed ? 'PASS' : 'FAIL',
    summary: { components: 2, direct: 2, transitive: 0, unknownRelationships: 0, languages: ['nodejs'] },
    security: {
      score: securityAssessed ? 100 : null,
      assessed: securityAssessed,
      assessment: securityAssessed
        ? complete
        : { state: 'none', components: 2, assessedComponents: 0, partialScore: null, gaps: [gap] },
      summary: {},
      assessments: [],
    },
    stability: { score: null, assessment: { ...complete, state: 'partial', partialScore: 95 } },
    licensing: { score: 100, assessment: complete },
    gaps: securityAssessed ? [] : [{ ...gap, domains: ['security'] }],
  } as unknown as Report
}

describe('summary prompt', () => {
  it('says n/a and why for domains not assessed whole, never null or a clean result', () => {
    const prompt = summaryPrompt(report(false))
    expect(prompt).toContain(
      'security n/a (not assessed)/90, stability n/a (partly assessed)/80, licensing 100/95; outcome FAIL',
    )
    expect(prompt).toContain(`- Not assessed (security): ${gap.message}`)
    expect(prompt).not.toContain('null')
    expect(prompt).not.toContain('No vulnerable components were found.')
    expect(prompt).toMatch(/security was not assessed whole, so this is not a clean result/)
  })

  it('keeps the plain wording when security was assessed whole', () => {
    const prompt = summaryPrompt(report(true))
    expect(prompt).toContain('security 100/90')
    expect(prompt).toContain('No vulnerable components were found.')
  })
})
