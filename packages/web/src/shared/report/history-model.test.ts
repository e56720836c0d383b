import type { HistoryEntry } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { entryWhen, historyOptions, historyWindow, tickLabel } from './history-model'

const entries = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      ({ uuid: `r${i}`, timestamp: new Date(Date.UTC(2026, 0, 30 - i)).toISOString() }) as HistoryEntry,
  )

describe('history selector and ticks', () => {
  it('offers Last N in steps of 5 plus All, only above 5 reports', () => {
    expect(historyOptions(5)).toEqual([])
    expect(historyOptions(12).map((o) => o.label)).toEqual([
      'Last 5 reports',
      'Last 10 reports',
      'All reports',
    ])
    expect(historyOptions(10).map((o) => o.label)).toEqual(['Last 5 reports', 'All reports'])
  })
  it('charts the chosen window oldest first', () => {
    expect(historyWindow(entries(12), '5').map((e) => e.uuid)).toEqual(['r4', 'r3', 'r2', 'r1', 'r0'])
    expect(historyWindow(entries(12), 'all')).toHaveLength(12)
  })
  it('splits date and time with 10 or fewer points', () => {
    expect(Array.isArray(tickLabel('2026-01-02T03:04:00Z', 10))).toBe(true)
    expect(typeof tickLabel('2026-01-02T03:04:00Z', 11)).toBe('string')
  })
  it('uses relative time within 7 days', () => {
    const now = new Date('2026-01-10T12:00:00Z')
    expect(entryWhen('2026-01-10T09:00:00Z', now)).toBe('3 hours ago')
    expect(entryWhen('2025-12-01T09:00:00Z', now)).not.toContain('ago')
  })
})
