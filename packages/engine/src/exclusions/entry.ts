// One exclusion entry as written in the `.meterian` file layout (spec report-page §3 "Exclusions file
// layout"; product-notes "The in-repository exclusions file"), read from unknown JSON. Shared by the
// lenient file parser and the strict API (POST content): a bad entry is a problem value, never a throw.
import type { Language } from '../model'
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

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
  if (!isRecord(value)) return fail('', 'an exclusion must be a JSON object')
  const description = text(value.description)?.trim() ?? ''
  if (description === '') return fail('description', DESCRIPTION_REQUIRED)
  const domain = source.slice(0, source.indexOf(':'))
  const rawReason = text(value.reason)?.trim().toLowerCase()
  // the file lets stability and licensing entries leave the reason out (product-notes layout: `reason?`)
  const reason =
    rawReason ?? (domain === 'stability' ? 'ignored' : domain === 'licensing' ? 'mitigated' : undefined)
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
  }
  if (source === 'security:advices') {
    const uuid = text(value.uuid)?.trim()
    if (!uuid) return fail('uuid', 'the advice uuid is missing')
    return { ok: true, exclusion: { ...base, transitive: false, source, uuid } }
  }
  if (source === 'security:cves') {
    const cve = text(value.cve)?.trim().toUpperCase()
    if (!cve || cve === 'N/A') return fail('cve', 'the CVE identifier is missing')
    const version = value.version === undefined ? ANY_VERSION : normaliseVersion(text(value.version))
    return { ok: true, exclusion: { ...base, transitive: false, source, cve, version } }
  }
  const library = value.library
  if (!isRecord(library)) return fail('library', 'library {language, name} is missing')
  const name = text(library.name)?.trim()
  if (!name) return fail('library.name', 'the library name is missing')
  const languageKey = text(library.language) ?? ''
  const language = languageOfKey(languageKey)
  if (!language) return fail('library.language', `unknown language '${languageKey}'`)
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
