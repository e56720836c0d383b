// Lenient parsing of OSV records (DESIGN §4 advisories, STYLE rule 4): every outside record passes
// here once. A field of the wrong type skips that record with a warning naming its id; absent
// optional fields take their empty value; known real-data quirks (empty scores, '' events) pass.
import { isObject } from '../../model/json'
import type {
  OsvAffected,
  OsvEvent,
  OsvEventKind,
  OsvPackage,
  OsvRange,
  OsvRecord,
  OsvReference,
  OsvSeverity,
  OsvWarning,
} from './types'

export type OsvParseResult = { ok: true; record: OsvRecord } | { ok: false; warning: OsvWarning }

export interface OsvParseBatch {
  records: OsvRecord[]
  warnings: OsvWarning[]
}

/** Raised inside this module only, to leave a record at its first bad field. */
class BadField extends Error {}

type Obj = Record<string, unknown>

const EVENT_KINDS: readonly OsvEventKind[] = ['introduced', 'fixed', 'last_affected', 'limit']

const isObj: (v: unknown) => v is Obj = isObject

function obj(v: unknown, path: string): Obj {
  if (v === undefined || v === null) return {}
  if (!isObj(v)) throw new BadField(`${path} is not an object`)
  return v
}

function optString(v: unknown, path: string): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') throw new BadField(`${path} is not a string`)
  return v
}

function reqString(v: unknown, path: string): string {
  const s = optString(v, path)
  if (s === null) throw new BadField(`${path} is missing`)
  return s
}

function list<T>(v: unknown, path: string, item: (x: unknown, p: string) => T): T[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw new BadField(`${path} is not an array`)
  return v.map((x, i) => item(x, `${path}[${i}]`))
}

const str = (x: unknown, p: string): string => reqString(x, p)

function event(v: unknown, path: string): OsvEvent {
  const o = obj(v, path)
  const kinds = EVENT_KINDS.filter((k) => k in o)
  const [kind] = kinds
  if (kind === undefined || kinds.length !== 1)
    throw new BadField(`${path} has no single introduced/fixed/last_affected/limit`)
  return { kind, version: reqString(o[kind], `${path}.${kind}`) }
}

function range(v: unknown, path: string): OsvRange {
  const o = obj(v, path)
  return {
    type: reqString(o.type, `${path}.type`),
    repo: optString(o.repo, `${path}.repo`),
    events: list(o.events, `${path}.events`, event),
  }
}

function pkg(v: unknown, path: string): OsvPackage {
  const o = obj(v, path)
  return {
    ecosystem: reqString(o.ecosystem, `${path}.ecosystem`),
    name: reqString(o.name, `${path}.name`),
    purl: optString(o.purl, `${path}.purl`),
  }
}

function affected(v: unknown, path: string): OsvAffected {
  const o = obj(v, path)
  const databaseSpecific = obj(o.database_specific, `${path}.database_specific`)
  return {
    package: pkg(o.package, `${path}.package`),
    ranges: list(o.ranges, `${path}.ranges`, range),
    versions: list(o.versions, `${path}.versions`, str),
    lastKnownAffectedVersionRange: optString(
      databaseSpecific.last_known_affected_version_range,
      `${path}.database_specific.last_known_affected_version_range`,
    ),
    databaseSpecific,
    ecosystemSpecific: obj(o.ecosystem_specific, `${path}.ecosystem_specific`),
  }
}

function severity(v: unknown, path: string): OsvSeverity {
  const o = obj(v, path)
  // An empty score string is a real quirk (GHSA-cqmj-92xf-r6r9): kept, scored as "no score".
  return { type: reqString(o.type, `${path}.type`), score: optString(o.score, `${path}.score`) ?? '' }
}

function reference(v: unknown, path: string): OsvReference {
  const o = obj(v, path)
  return { type: optString(o.type, `${path}.type`) ?? 'WEB', url: reqString(o.url, `${path}.url`) }
}

function build(o: Obj, id: string): OsvRecord {
  const databaseSpecific = obj(o.database_specific, 'database_specific')
  return {
    id,
    modified: optString(o.modified, 'modified'),
    published: optString(o.published, 'published'),
    withdrawn: optString(o.withdrawn, 'withdrawn'),
    aliases: list(o.aliases, 'aliases', str),
    related: list(o.related, 'related', str),
    summary: optString(o.summary, 'summary') ?? '',
    details: optString(o.details, 'details') ?? '',
    severity: list(o.severity, 'severity', severity),
    affected: list(o.affected, 'affected', affected),
    references: list(o.references, 'references', reference),
    cweIds: list(databaseSpecific.cwe_ids, 'database_specific.cwe_ids', str),
    databaseSeverity: optString(databaseSpecific.severity, 'database_specific.severity'),
    databaseSpecific,
  }
}

/** Parses one OSV record (already JSON-decoded). */
export function parseOsvRecord(raw: unknown): OsvParseResult {
  if (!isObj(raw)) return { ok: false, warning: { id: null, message: 'an OSV record must be a JSON object' } }
  const id = typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id : null
  if (id === null) return { ok: false, warning: { id: null, message: 'OSV record without an id: skipped' } }
  try {
    return { ok: true, record: build(raw, id) }
  } catch (e) {
    if (!(e instanceof BadField)) throw e
    return { ok: false, warning: { id, message: `OSV record ${id} skipped: ${e.message}` } }
  }
}

/** Parses many decoded records; bad ones become warnings, the others are kept. */
export function parseOsvRecords(raws: Iterable<unknown>): OsvParseBatch {
  const records: OsvRecord[] = []
  const warnings: OsvWarning[] = []
  for (const raw of raws) {
    const r = parseOsvRecord(raw)
    if (r.ok) records.push(r.record)
    else warnings.push(r.warning)
  }
  return { records, warnings }
}

/** Parses JSON Lines text (one record per line, blank lines ignored); warnings carry file and line. */
export function parseOsvJsonl(text: string, file?: string): OsvParseBatch {
  const records: OsvRecord[] = []
  const warnings: OsvWarning[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? ''
    if (line === '') continue
    const where = { ...(file === undefined ? {} : { file }), line: i + 1 }
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      warnings.push({ id: null, ...where, message: 'not valid JSON: line skipped' })
      continue
    }
    const r = parseOsvRecord(raw)
    if (r.ok) records.push(r.record)
    else warnings.push({ ...r.warning, ...where })
  }
  return { records, warnings }
}

/** Parses the text of one OSV JSON file: a single record or an array of records. */
export function parseOsvJson(text: string, file?: string): OsvParseBatch {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return {
      records: [],
      warnings: [{ id: null, ...(file === undefined ? {} : { file }), message: 'not valid JSON' }],
    }
  }
  const batch = parseOsvRecords(Array.isArray(raw) ? raw : [raw])
  if (file !== undefined) for (const w of batch.warnings) w.file = file
  return batch
}
