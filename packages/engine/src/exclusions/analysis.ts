// Analysis states of a finding (issue 19 "Analysis states"; CycloneDX 1.5 vulnerability.analysis and
// Dependency-Track's audit model): state, justification, responses, detail and an expiry date, mapped
// onto the spec's exclusion reasons (report-page §3 Exclusion, §4 mitigation kinds) so the `.meterian`
// file and the v1/v2 exclusion routes keep working. Pure: the clock is an argument.

import { isObject } from '../model'
import type { ExclusionReason } from './model'

export const ANALYSIS_STATES = [
  'in_triage',
  'exploitable',
  'resolved',
  'false_positive',
  'not_affected',
] as const
export type AnalysisState = (typeof ANALYSIS_STATES)[number]

export const ANALYSIS_JUSTIFICATIONS = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
] as const
export type AnalysisJustification = (typeof ANALYSIS_JUSTIFICATIONS)[number]

export const ANALYSIS_RESPONSES = [
  'can_not_fix',
  'will_not_fix',
  'update',
  'rollback',
  'workaround_available',
] as const
export type AnalysisResponse = (typeof ANALYSIS_RESPONSES)[number]

export interface FindingAnalysis {
  state: AnalysisState
  justification: AnalysisJustification | null
  responses: AnalysisResponse[]
  detail: string
}

/** Justifications saying a control of the team's own protects the code: the spec's 'mitigated'. */
const PROTECTED: ReadonlySet<AnalysisJustification> = new Set([
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
])

/**
 * The exclusion reason an analysis amounts to, or `null` when the finding stays active (in_triage,
 * exploitable). not_affected through a protection is 'mitigated' (the library is still there, a control
 * stops it), other not_affected is 'unapplicable', false_positive is 'invalid' (reported as incorrect),
 * resolved is 'mitigated' (the team says it is dealt with; the advisory still matches the version).
 */
export function reasonOfAnalysis(
  a: Pick<FindingAnalysis, 'state' | 'justification'>,
): ExclusionReason | null {
  if (a.state === 'false_positive') return 'invalid'
  if (a.state === 'resolved') return 'mitigated'
  if (a.state === 'not_affected')
    return a.justification && PROTECTED.has(a.justification) ? 'mitigated' : 'unapplicable'
  return null
}

/** The analysis an exclusion without one stands for (exclusions made before analysis states, or by reason). */
export function analysisOfReason(reason: ExclusionReason, detail: string): FindingAnalysis {
  if (reason === 'mitigated')
    return {
      state: 'not_affected',
      justification: 'protected_by_mitigating_control',
      responses: ['workaround_available'],
      detail,
    }
  if (reason === 'invalid') return { state: 'false_positive', justification: null, responses: [], detail }
  return { state: 'not_affected', justification: null, responses: [], detail }
}

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const d = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}

/**
 * Whether an exclusion with this expiry date no longer applies at `now`: it applies through the whole
 * day it names (UTC) and stops at the start of the next one. No expiry: it never expires.
 */
export function isExpired(expires: string | null | undefined, now: Date): boolean {
  if (!expires) return false
  return now.getTime() >= Date.parse(`${expires}T00:00:00Z`) + 86_400_000
}

export type AnalysisInputResult =
  | { ok: true; analysis: FindingAnalysis; expires: string | null }
  | { ok: false; path: string; message: string }

/**
 * Reads state, justification, response(s), detail and expires from unknown JSON (a `.meterian` entry or
 * a triage request). A justification is only for not_affected (as CycloneDX says); unknown words are
 * problems naming their path and the allowed values.
 */
export function parseAnalysisFields(value: unknown, path: string): AnalysisInputResult {
  const fail = (field: string, message: string): AnalysisInputResult => ({
    ok: false,
    path: `${path}.${field}`,
    message,
  })
  if (!isObject(value)) return { ok: false, path, message: 'must be a JSON object' }
  const state = value.state
  if (typeof state !== 'string' || !(ANALYSIS_STATES as readonly string[]).includes(state))
    return fail('state', `unknown state '${String(state)}': use one of ${ANALYSIS_STATES.join(', ')}`)
  let justification: AnalysisJustification | null = null
  if (value.justification !== undefined && value.justification !== null && value.justification !== '') {
    const j = value.justification
    if (typeof j !== 'string' || !(ANALYSIS_JUSTIFICATIONS as readonly string[]).includes(j))
      return fail(
        'justification',
        `unknown justification '${String(j)}': use one of ${ANALYSIS_JUSTIFICATIONS.join(', ')}`,
      )
    if (state !== 'not_affected')
      return fail('justification', 'a justification is only for state not_affected')
    justification = j as AnalysisJustification
  }
  const raw = value.responses ?? value.response
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw]
  const responses: AnalysisResponse[] = []
  for (const [i, r] of list.entries()) {
    if (typeof r !== 'string' || !(ANALYSIS_RESPONSES as readonly string[]).includes(r))
      return fail(
        `responses[${i}]`,
        `unknown response '${String(r)}': use one of ${ANALYSIS_RESPONSES.join(', ')}`,
      )
    if (!responses.includes(r as AnalysisResponse)) responses.push(r as AnalysisResponse)
  }
  const detailRaw = value.detail ?? value.description
  if (detailRaw !== undefined && detailRaw !== null && typeof detailRaw !== 'string')
    return fail('detail', 'detail must be text')
  const detail = (detailRaw ?? '').trim()
  if (detail.length > 10_000) return fail('detail', 'detail is longer than 10000 characters')
  let expires: string | null = null
  if (value.expires !== undefined && value.expires !== null && value.expires !== '') {
    if (typeof value.expires !== 'string' || !isCalendarDate(value.expires))
      return fail('expires', `'${String(value.expires)}' is not a date: write YYYY-MM-DD`)
    expires = value.expires
  }
  return { ok: true, analysis: { state: state as AnalysisState, justification, responses, detail }, expires }
}

/** One line of a finding's audit trail: what changed, from what to what. */
export interface AnalysisChange {
  field: 'state' | 'justification' | 'responses' | 'detail' | 'expires'
  from: string | null
  to: string | null
}

/** The fields that differ between two analyses (a first analysis compares against nothing). */
export function analysisChanges(
  before: (FindingAnalysis & { expires: string | null }) | null,
  after: FindingAnalysis & { expires: string | null },
): AnalysisChange[] {
  const text = (a: (FindingAnalysis & { expires: string | null }) | null) => ({
    state: a?.state ?? null,
    justification: a?.justification ?? null,
    responses: a && a.responses.length > 0 ? [...a.responses].sort().join(', ') : null,
    detail: a?.detail ? a.detail : null,
    expires: a?.expires ?? null,
  })
  const b = text(before)
  const n = text(after)
  const fields: AnalysisChange['field'][] = ['state', 'justification', 'responses', 'detail', 'expires']
  return fields.filter((f) => b[f] !== n[f]).map((f) => ({ field: f, from: b[f], to: n[f] }))
}
