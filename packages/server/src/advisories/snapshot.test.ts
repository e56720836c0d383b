// The advisory store's state word (issue 14 "Advisory data freshness is visible"): empty, stale, failing,
// fresh, manual, with a reason a person can act on whenever it is not fresh.
import { describe, expect, it } from 'vitest'
import { PUBLIC_SYNC_ERROR, type SnapshotInput, STALE_GRACE_MS, snapshotOf } from './snapshot'

const NOW = new Date('2026-03-01T12:00:00Z')
const DAY = 24 * 3600_000
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()

function input(over: Partial<SnapshotInput>): SnapshotInput {
  return {
    counts: { total: 817, withdrawn: 12, byEcosystem: { npm: 451, maven: 366 } },
    sources: [{ id: 'osv-npm', status: 'OK', lastSuccessAt: ago(3600_000), lastError: null }],
    configured: ['osv-npm'],
    syncIntervalMs: DAY,
    now: NOW,
    reasons: true,
    ...over,
  }
}

describe('snapshotOf', () => {
  it.each<[string, Partial<SnapshotInput>, string, RegExp | null]>([
    ['synced within the interval', {}, 'fresh', null],
    [
      'empty store, sources configured and failing',
      {
        counts: { total: 0, withdrawn: 0, byEcosystem: {} },
        sources: [
          { id: 'osv-npm', status: 'FAILED', lastSuccessAt: null, lastError: 'getaddrinfo ENOTFOUND' },
        ],
      },
      'empty',
      /store is empty.*osv-npm failed \(getaddrinfo ENOTFOUND\)/,
    ],
    [
      'empty store, no source configured',
      { counts: { total: 0, withdrawn: 0, byEcosystem: {} }, sources: [], configured: [] },
      'empty',
      /SEXTANT_ADVISORY_SOURCES=none.*sextant advisories import/,
    ],
    [
      'last success older than the interval',
      { sources: [{ id: 'osv-npm', status: 'OK', lastSuccessAt: ago(3 * DAY), lastError: null }] },
      'stale',
      /last successful sync 72 h ago, sync interval 24 h/,
    ],
    [
      'within the interval plus the grace of a running sync',
      {
        sources: [
          { id: 'osv-npm', status: 'OK', lastSuccessAt: ago(DAY + STALE_GRACE_MS - 1000), lastError: null },
        ],
      },
      'fresh',
      null,
    ],
    [
      'the last run failed, data still within the interval',
      {
        sources: [
          {
            id: 'osv-npm',
            status: 'FAILED',
            lastSuccessAt: ago(2 * 3600_000),
            lastError: 'HTTP 503 from osv',
          },
        ],
      },
      'failing',
      /the last sync of osv-npm failed \(HTTP 503 from osv\)/,
    ],
    [
      'no source synced, imports only',
      {
        configured: [],
        sources: [{ id: 'import-npm', status: 'OK', lastSuccessAt: ago(30 * DAY), lastError: null }],
      },
      'manual',
      null,
    ],
    [
      'an import today while the configured sync never succeeded',
      {
        sources: [
          { id: 'osv-npm', status: 'FAILED', lastSuccessAt: null, lastError: 'offline' },
          { id: 'import-npm', status: 'OK', lastSuccessAt: ago(600_000), lastError: null },
        ],
      },
      'failing',
      /osv-npm failed \(offline\)/,
    ],
  ])('%s → %s', (_, over, state, problem) => {
    const s = snapshotOf(input(over))
    expect(s.state).toBe(state)
    if (problem) expect(s.problem).toMatch(problem)
    else expect(s.problem).toBeNull()
  })

  it('records what the store holds per ecosystem and the newest success', () => {
    const s = snapshotOf(input({}))
    expect(s).toMatchObject({
      records: 817,
      byEcosystem: { npm: 451, maven: 366 },
      lastSuccessAt: ago(3600_000),
      syncIntervalHours: 24,
      takenAt: NOW.toISOString(),
    })
  })

  it('says a sync failed without its reason where anyone reads it (the reason names the location)', () => {
    const failing = {
      sources: [
        {
          id: 'osv-npm',
          status: 'FAILED' as const,
          lastSuccessAt: ago(3600_000),
          lastError: 'Could not fetch https://mirror.internal/npm/all.zip',
        },
      ],
    }
    const s = snapshotOf(input({ ...failing, reasons: false }))
    expect(s.state).toBe('failing')
    expect(JSON.stringify(s)).not.toContain('mirror.internal')
    expect(s.sources[0]?.lastError).toBe(PUBLIC_SYNC_ERROR)
    expect(s.problem).toMatch(/osv-npm failed \(the reason is in the server log/)
  })
})
