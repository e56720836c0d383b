// One exclusion entry as written in the `.meterian` file layout (spec report-page §3 "Exclusions file
// layout"; product-notes "The in-repository exclusions file"), read from unknown JSON. Shared by the
// lenient file parser and the strict API (POST content): a bad entry is a problem value, never a throw.
import type { Language } from '../model'
import { isObject } from '../model'
import { type FindingAnalysis, isCalendarDate, parseAnalysisFields, reasonOfAnalysis } from './analysis'
import {
  ANY_VERSION,
  EMPTY_VERSION,
  EXCLUSION_REASONS,
  type ExclusionDraft,
  type ExclusionReason,
  type ExclusionSource,
} from './model'

export const DESCRIPTION_REQUIRED = 'Please add a reasonable description'

const LANGUAGES: Record<string, Language> = {
  nodejs: 'nodejs',
  javascript: 'nodejs',
  node: 'nodejs',
  npm: 'nodejs',
  java: 'java',
  maven: 'java',
  python: 'python',
  golang: 'golang',
  go: 'golang',
  php: 'php',
  dotnet: 'dotnet',
  ruby: 'ruby',
  rust: 'rust',
  other: 'other',
}

export function languageOfKey(key: string): Language | null {
  return LANGUAGES[key.trim().toLowerCase()] ?? null
}

export type EntryResult =
  | { ok: true; exclusion: ExclusionDraft }
  | { ok: false; path: string; message: string }

function text(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  return null
}

/** Empty versions are stored as '--' (spec §5). */
export function normaliseVersion(v: string | null | undefined): string {
  const t = (v ?? '').trim()
  return t === '' ? EMPTY_VERSION : t
}

export interface EntryDefaults {
  readonly: boolean
  creatorUuid: string | null
  scope: 'branch' | 'account'
}

export function parseExclusionEntry(
  source: ExclusionSource,
  value: unknown,
  path: string,
  d: EntryDefaults,
): EntryResult {
  const fail = (field: string, message: string): EntryResult => ({
    ok: false,
    path: field ? `${path}.${field}` : path,
    message,
  })
  if (!isObject(value)) return fail('', 'an exclusion must be a JSON object')
  const description = text(value.description)?.trim() ?? ''
  if (description === '') return fail('description', DESCRIPTION_REQUIRED)
  const domain = source.slice(0, source.indexOf(':'))
  // issue 19: a security entry may carry its analysis (state, justification, responses, detail)
  let analysis: FindingAnalysis | undefined
  if (value.state !== undefined) {
    if (domain !== 'security') return fail('state', 'analysis states are for security exclusions only')
    const a = parseAnalysisFields({ ...value, detail: description }, path)
    if (!a.ok) return { ok: false, path: a.path, message: a.message }
    analysis = a.analysis
  }
  let expires: string | null = null
  if (value.expires !== undefined && value.expires !== null && value.expires !== '') {
    const e = text(value.expires)?.trim() ?? ''
    if (!isCalendarDate(e))
      return fail('expires', `'${String(value.expires)}' is not a date: write YYYY-MM-DD`)
    expires = e
  }
  const rawReason = text(value.reason)?.trim().toLowerCase()
  const stateReason = analysis ? reasonOfAnalysis(analysis) : undefined
  if (analysis && stateReason === null)
    return fail(
      'state',
      `state '${analysis.state}' keeps the finding active: only an exclusion's states belong here`,
    )
  if (analysis && rawReason !== undefined && rawReason !== stateReason)
    return fail(
      'reason',
      `reason '${rawReason}' does not fit state '${analysis.state}' (that is '${stateReason}')`,
    )
  // the file lets stability and licensing entries leave the reason out (product-notes layout: `reason?`)
  const reason =
    rawReason ??
    stateReason ??
    (domain === 'stability' ? 'ignored' : domain === 'licensing' ? 'mitigated' : undefined)
  if (!reason) return fail('reason', `a reason is required: one of ${EXCLUSION_REASONS.join(', ')}`)
  if (!EXCLUSION_REASONS.includes(reason as ExclusionReason))
    return fail('reason', `unknown reason '${rawReason}': use one of ${EXCLUSION_REASONS.join(', ')}`)
  if (reason === 'ignored' && domain !== 'stability')
    return fail('reason', "the reason 'ignored' is for stability exclusions only")
  if (value.transitive !== undefined && typeof value.transitive !== 'boolean')
    return fail('transitive', 'transitive must be true or false')
  const base = {
    reason: reason as ExclusionReason,
    description,
    transitive: value.transitive === true,
    readonly: d.readonly,
    creatorUuid: d.creatorUuid,
    scope: d.scope,
    ...(analysis ? { analysis } : {}),
    ...(expires ? { expires } : {}),
  }
  if (source === 'security:advices') {
    const uuid = text(value.uuid)?.trim()
    if (!uuid) return fail('uuid', 'the advice uuid is missing')
    if (value.library === undefined)
      return { ok: true, exclusion: { ...base, transitive: false, source, uuid } }
    // one finding: the advice on one component (issue 19 triage)
    const lib = libraryOf(value.library)
    if (!lib.ok) return fail(lib.field, lib.message)
    const version = value.version === undefined ? ANY_VERSION : normaliseVersion(text(value.version))
    return {
      ok: true,
      exclusion: { ...base, transitive: false, source, uuid, library: lib.library, version },
    }
  }
  if (source === 'security:cves') {
    const cve = text(value.cve)?.trim().toUpperCase()
    if (!cve || cve === 'N/A') return fail('cve', 'the CVE identifier is missing')
    const version = value.version === undefined ? ANY_VERSION : normaliseVersion(text(value.version))
    return { ok: true, exclusion: { ...base, transitive: false, source, cve, version } }
  }
  const lib = libraryOf(value.library)
  if (!lib.ok) return fail(lib.field, lib.message)
  const { name, language } = lib.library
  const version = value.version === undefined ? ANY_VERSION : normaliseVersion(text(value.version))
  return {
    ok: true,
    exclusion: {
      ...base,
      transitive: source === 'security:libraries' && base.transitive,
      source,
      library: { name, language },
      version,
    },
  }
}

function libraryOf(
  library: unknown,
):
  | { ok: true; library: { name: string; language: Language } }
  | { ok: false; field: string; message: string } {
  if (!isObject(library))
    return { ok: false, field: 'library', message: 'library {language, name} is missing' }
  const name = text(library.name)?.trim()
  if (!name) return { ok: false, field: 'library.name', message: 'the library name is missing' }
  const languageKey = text(library.language) ?? ''
  const language = languageOfKey(languageKey)
  if (!language) return { ok: false, field: 'library.language', message: `unknown language '${languageKey}'` }
  return { ok: true, library: { name, language } }
}
