// Exclusion requests (spec report-page §5 validation, §7 calls; accounts-and-api §7 "Exclusions"):
// `content` parsed strictly (a bad entry is an 'invalid' problem naming its JSON path; a blank description
// 'Please add a reasonable description'), entries made into stored exclusions, and the wire shape.
import type { ExclusionDto } from '@sextant/contract'
import {
  DESCRIPTION_REQUIRED,
  domainOfSource,
  EXCLUSION_SOURCES,
  type Exclusion,
  type ExclusionSource,
  exclusionsOfLayout,
  isObject,
  layoutEntryOf,
  parseExclusionEntry,
} from '@sextant/engine'
import { fail, ok, type Result } from '../../services/result'
import { newUuid } from '../../services/secrets'

export function presentExclusion(e: Exclusion): ExclusionDto {
  const key =
    e.source === 'security:advices'
      ? e.library
        ? { uuid: e.uuid, library: e.library, version: e.version ?? '*' }
        : { uuid: e.uuid }
      : e.source === 'security:cves'
        ? { cve: e.cve, version: e.version }
        : { library: e.library, version: e.version }
  return {
    id: e.id,
    source: e.source,
    domain: domainOfSource(e.source),
    ...key,
    reason: e.reason,
    description: e.description,
    transitive: e.transitive,
    readonly: e.readonly,
    creatorUuid: e.creatorUuid,
    scope: e.scope,
    ...(e.analysis ? { analysis: e.analysis } : {}),
    ...(e.expires ? { expires: e.expires } : {}),
    content: JSON.stringify({ source: e.source, ...layoutEntryOf(e) }),
  }
}

function badRequest(path: string, message: string): Result<never> {
  // the spec's message alone for the one validation the page performs itself (§5)
  if (message === DESCRIPTION_REQUIRED)
    return fail('invalid', DESCRIPTION_REQUIRED, [{ field: path, message }])
  return fail('invalid', `${path}: ${message}`, [{ field: path, message }])
}

/** The collection an entry belongs to when it does not say (v1 bodies): by domain, then by its key. */
function sourceOf(entry: Record<string, unknown>, domain: string | undefined): ExclusionSource | null {
  if (typeof entry.source === 'string') {
    return EXCLUSION_SOURCES.includes(entry.source as ExclusionSource)
      ? (entry.source as ExclusionSource)
      : null
  }
  if (domain === 'stability') return 'stability:libraries'
  if (domain === 'licensing') return 'licensing:libraries'
  if (entry.library !== undefined) return 'security:libraries'
  if (entry.cve !== undefined) return 'security:cves'
  if (entry.uuid !== undefined) return 'security:advices'
  return null
}

export interface ParseOptions {
  creatorUuid: string | null
  scope: 'branch' | 'account'
  domain?: string | undefined
}

/** One entry or a whole `.meterian` layout, all or nothing: any bad entry is the problem. */
export function parseExclusionContent(json: unknown, options: ParseOptions): Result<Exclusion[]> {
  const defaults = { readonly: false, creatorUuid: options.creatorUuid, scope: options.scope }
  if (isObject(json) && json.exclusions !== undefined) {
    const { exclusions, warnings } = exclusionsOfLayout(json, defaults, () => newUuid())
    const first = warnings[0]
    if (first) return badRequest(first.path, first.message)
    if (exclusions.length === 0) return fail('invalid', 'content: the layout holds no exclusion.')
    return ok(exclusions)
  }
  if (!isObject(json)) return fail('invalid', 'content: an exclusion must be a JSON object.')
  const source = sourceOf(json, options.domain)
  if (!source)
    return fail(
      'invalid',
      `content.source: say which exclusion this is, one of ${EXCLUSION_SOURCES.join(', ')}.`,
    )
  if (options.domain && domainOfSource(source) !== options.domain)
    return fail('invalid', `content.source: '${source}' is not an exclusion of the ${options.domain} domain.`)
  const r = parseExclusionEntry(source, json, 'content', defaults)
  if (!r.ok) return badRequest(r.path, r.message)
  return ok([{ ...r.exclusion, id: newUuid() }])
}

export function parseContentText(text: string, options: ParseOptions): Result<Exclusion[]> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return fail('invalid', 'content: not valid JSON (send the exclusion as a JSON string).')
  }
  return parseExclusionContent(json, options)
}
