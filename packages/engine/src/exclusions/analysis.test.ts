// Analysis states (issue 19 "Analysis states"): the state → exclusion-reason table, the reason → VEX
// analysis table, strict reading of state/justification/responses/expires, expiry by calendar day, and
// the audit trail's field changes.
import { describe, expect, it } from 'vitest'
import {
  analysisChanges,
  analysisOfReason,
  isCalendarDate,
  isExpired,
  parseAnalysisFields,
  reasonOfAnalysis,
} from './analysis'
import { parseExclusionEntry } from './entry'
import { layoutEntryOf } from './meterian-file'
import type { Exclusion } from './model'

describe('reasonOfAnalysis', () => {
  it.each([
    ['in_triage', null, null],
    ['exploitable', null, null],
    ['resolved', null, 'mitigated'],
    ['false_positive', null, 'invalid'],
    ['not_affected', 'code_not_reachable', 'unapplicable'],
    ['not_affected', 'requires_configuration', 'unapplicable'],
    ['not_affected', null, 'unapplicable'],
    ['not_affected', 'protected_at_runtime', 'mitigated'],
    ['not_affected', 'protected_by_mitigating_control', 'mitigated'],
  ] as const)('%s / %s → %s', (state, justification, reason) => {
    expect(reasonOfAnalysis({ state, justification })).toBe(reason)
  })

  it('reads every reason back as an analysis that maps to the same reason', () => {
    for (const reason of ['mitigated', 'unapplicable', 'invalid'] as const)
      expect(reasonOfAnalysis(analysisOfReason(reason, 'd'))).toBe(reason)
  })
})

describe('parseAnalysisFields', () => {
  it('reads a full analysis', () => {
    expect(
      parseAnalysisFields(
        {
          state: 'not_affected',
          justification: 'code_not_reachable',
          responses: ['will_not_fix', 'will_not_fix'],
          detail: ' only in tests ',
          expires: '2027-01-31',
        },
        'analysis',
      ),
    ).toEqual({
      ok: true,
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        responses: ['will_not_fix'],
        detail: 'only in tests',
      },
      expires: '2027-01-31',
    })
  })

  it.each([
    [{ state: 'fixed' }, 'analysis.state', "unknown state 'fixed'"],
    [
      { state: 'not_affected', justification: 'nah' },
      'analysis.justification',
      "unknown justification 'nah'",
    ],
    [
      { state: 'exploitable', justification: 'code_not_present' },
      'analysis.justification',
      'only for state not_affected',
    ],
    [{ state: 'in_triage', responses: ['later'] }, 'analysis.responses[0]', "unknown response 'later'"],
    [{ state: 'in_triage', expires: '2027-02-30' }, 'analysis.expires', 'is not a date'],
    [{ state: 'in_triage', detail: 3 }, 'analysis.detail', 'must be text'],
  ])('refuses %j at %s', (value, path, message) => {
    const r = parseAnalysisFields(value, 'analysis')
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.path).toBe(path)
      expect(r.message).toContain(message)
    }
  })
})

describe('expiry', () => {
  it('applies through the named day (UTC) and stops at the next', () => {
    expect(isExpired('2026-12-01', new Date('2026-12-01T23:59:59Z'))).toBe(false)
    expect(isExpired('2026-12-01', new Date('2026-12-02T00:00:00Z'))).toBe(true)
    expect(isExpired(null, new Date('2999-01-01T00:00:00Z'))).toBe(false)
  })

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('2027-1-1')).toBe(false)
  })
})

describe('analysisChanges', () => {
  const a = {
    state: 'in_triage' as const,
    justification: null,
    responses: [],
    detail: '',
    expires: null,
  }
  it('lists every field of a first analysis that has a value', () => {
    expect(analysisChanges(null, a)).toEqual([{ field: 'state', from: null, to: 'in_triage' }])
  })
  it('lists only what changed', () => {
    const b = {
      ...a,
      state: 'not_affected' as const,
      justification: 'code_not_present' as const,
      expires: '2027-01-01',
    }
    expect(analysisChanges(a, b)).toEqual([
      { field: 'state', from: 'in_triage', to: 'not_affected' },
      { field: 'justification', from: null, to: 'code_not_present' },
      { field: 'expires', from: null, to: '2027-01-01' },
    ])
    expect(analysisChanges(b, b)).toEqual([])
  })
})

describe('.meterian entries with an analysis (the file and the v1/v2 routes)', () => {
  const d = { readonly: false, creatorUuid: null, scope: 'branch' } as const
  it('derives the reason from the state and keeps analysis, expiry and the component', () => {
    const r = parseExclusionEntry(
      'security:advices',
      {
        uuid: 'GHSA-1',
        library: { language: 'nodejs', name: 'lodash' },
        version: '4.17.20',
        state: 'not_affected',
        justification: 'code_not_reachable',
        description: 'template() is never called',
        expires: '2027-01-01',
      },
      'e',
      d,
    )
    expect(r).toMatchObject({
      ok: true,
      exclusion: {
        reason: 'unapplicable',
        uuid: 'GHSA-1',
        library: { name: 'lodash', language: 'nodejs' },
        version: '4.17.20',
        expires: '2027-01-01',
        analysis: {
          state: 'not_affected',
          justification: 'code_not_reachable',
          detail: 'template() is never called',
        },
      },
    })
    // written back to the layout, it reads the same
    if (!r.ok) throw new Error(r.message)
    const e = { ...r.exclusion, id: 'x' } as Exclusion
    const again = parseExclusionEntry('security:advices', layoutEntryOf(e), 'e', d)
    expect(again).toEqual(r)
  })

  it('refuses a state that keeps the finding active, and a reason that contradicts the state', () => {
    expect(
      parseExclusionEntry('security:cves', { cve: 'CVE-1', state: 'exploitable', description: 'x' }, 'e', d),
    ).toMatchObject({ ok: false, path: 'e.state' })
    expect(
      parseExclusionEntry(
        'security:cves',
        { cve: 'CVE-1', state: 'false_positive', reason: 'mitigated', description: 'x' },
        'e',
        d,
      ),
    ).toMatchObject({ ok: false, path: 'e.reason' })
  })

  it('keeps old entries as they were (no analysis, no expiry)', () => {
    const r = parseExclusionEntry(
      'security:cves',
      { cve: 'CVE-1', reason: 'invalid', description: 'x' },
      'e',
      d,
    )
    expect(r.ok && 'analysis' in r.exclusion).toBe(false)
    expect(r.ok && 'expires' in r.exclusion).toBe(false)
  })
})
