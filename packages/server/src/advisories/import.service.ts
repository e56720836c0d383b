// Importing OSV records into the advisory store (DESIGN §4 advisories "OSV import"; issue 9 acceptance 1):
// from a local path (all.zip, JSONL[.gz], .json, folder) or an http(s) URL of one (through the outbound client),
// parsed by the engine at the edge, stored in batches, incremental by `modified`. Problems are values.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { AdvisoryRunCounts } from '@sextant/contract'
import { ecosystemOfOsv, type OsvWarning, parseOsvRecord } from '@sextant/engine'
import type { Db } from '../db/connection'
import { downloadToFile, type OutboundClient } from '../http-client'
import {
  type AdvisoryRow,
  analyseAdvisoryTables,
  packageKeysOf,
  storedModifiedStamps,
  type UpsertCounts,
  upsertAdvisories,
} from './advisories.repo'
import { digestOfFile, type FileDigest, unchangedSince } from './import-digest'
import { countSourceRecords, forgetKeptImport, keepImport, readKeptImport } from './import-digests.repo'
import {
  defaultImportLimits,
  type ImportLimits,
  type RawItem,
  type ReadOptions,
  readLocalSource,
  SourceError,
} from './readers'
import { isUrlLocation } from './sources'

export interface ImportOptions {
  /** Stored with each record (`advisories.source`); the location by default. */
  source?: string
  /** Allow http(s) sources on private or loopback addresses (the operator's choice; DESIGN §7). */
  allowPrivateAddresses?: boolean
  /** The process's outbound client; needed for an http(s) location. */
  outbound?: OutboundClient
  limits?: Partial<ImportLimits>
  batchSize?: number
  signal?: AbortSignal
}

export interface ImportResult {
  ok: boolean
  /** Why the source could not be read (whole or in part); null when it was. */
  error: string | null
  counts: AdvisoryRunCounts
  warnings: OsvWarning[]
  durationMs: number
}

/** 'file:line: message' for people (the CLI, the databases API). */
export function formatWarning(w: OsvWarning): string {
  return `${w.file ? `${w.file}${w.line ? `:${w.line}` : ''}: ` : ''}${w.message}`
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/

/** A timestamp PostgreSQL will read, or null with a reason. */
function timestamp(value: string | null): { value: string | null; bad: boolean } {
  if (value === null || value.trim() === '') return { value: null, bad: false }
  if (RFC3339.test(value.trim())) {
    const ms = Date.parse(value.trim())
    if (!Number.isNaN(ms)) return { value: value.trim(), bad: false }
  }
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? { value: null, bad: true } : { value: new Date(ms).toISOString(), bad: false }
}

function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [v, d] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (d > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1])
  }
  return false
}

function emptyCounts(): AdvisoryRunCounts {
  return { total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, byEcosystem: {} }
}

/** Turns one raw item into a row to store, or a warning naming the record. */
export function toRow(
  item: Extract<RawItem, { kind: 'record' }>,
  limits: ImportLimits,
): AdvisoryRow | OsvWarning {
  const where = { file: item.file, ...(item.line === undefined ? {} : { line: item.line }) }
  const parsed = parseOsvRecord(item.raw)
  if (!parsed.ok) return { ...parsed.warning, ...where }
  const { record } = parsed
  if (item.bytes > limits.maxRecordBytes)
    return {
      id: record.id,
      ...where,
      message: `OSV record ${record.id} skipped: over ${limits.maxRecordBytes} bytes`,
    }
  if (depthOver(item.raw, limits.maxJsonDepth))
    return {
      id: record.id,
      ...where,
      message: `OSV record ${record.id} skipped: nested deeper than ${limits.maxJsonDepth}`,
    }
  const stamps = { modified: record.modified, published: record.published, withdrawn: record.withdrawn }
  const row: AdvisoryRow = { record, raw: item.raw, modified: null, published: null, withdrawn: null }
  for (const [field, text] of Object.entries(stamps) as [keyof typeof stamps, string | null][]) {
    const t = timestamp(text)
    if (t.bad)
      return {
        id: record.id,
        ...where,
        message: `OSV record ${record.id} skipped: ${field} is not a timestamp`,
      }
    row[field] = t.value
  }
  return row
}

/**
 * Microseconds since the epoch of an RFC 3339 stamp (OSV writes up to six decimals), exactly as
 * PostgreSQL stores it; null for a finer or unreadable stamp, which the database then compares itself.
 */
export function epochMicros(stamp: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([Zz]|[+-]\d{2}:?\d{2})$/.exec(
    stamp.trim(),
  )
  if (!m) return null
  const ms = Date.parse(`${m[1]}${m[3]}`)
  return Number.isNaN(ms) ? null : ms * 1000 + Number((m[2] ?? '').padEnd(6, '0'))
}

/** Stores a batch; when the database refuses it (e.g. a \u0000 in a string), retries record by record. */
async function store(
  db: Db,
  rows: AdvisoryRow[],
  source: string,
  warnings: OsvWarning[],
): Promise<UpsertCounts & { failed: number }> {
  try {
    return { ...(await upsertAdvisories(db, rows, source)), failed: 0 }
  } catch (error) {
    if (!isDataError(error)) throw error
    if (rows.length === 1) {
      const id = rows[0]!.record.id
      warnings.push({
        id,
        message: `OSV record ${id} skipped: the database refused it (${(error as Error).message})`,
      })
      return { inserted: 0, updated: 0, unchanged: 0, failed: 1 }
    }
    const total = { inserted: 0, updated: 0, unchanged: 0, failed: 0 }
    for (const row of rows) {
      const c = await store(db, [row], source, warnings)
      total.inserted += c.inserted
      total.updated += c.updated
      total.unchanged += c.unchanged
      total.failed += c.failed
    }
    return total
  }
}

function isDataError(error: unknown): boolean {
  // SQLSTATE class 22: data exception (bad text in jsonb, out-of-range timestamp, ...).
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('22')
}

async function importItems(
  db: Db,
  read: (options: ReadOptions) => AsyncIterable<RawItem>,
  source: string,
  limits: ImportLimits,
  batchSize: number,
  counts: AdvisoryRunCounts,
  warnings: OsvWarning[],
  signal?: AbortSignal,
): Promise<void> {
  let batch: AdvisoryRow[] = []
  const stored = await storedModifiedStamps(db, source)
  const flush = async () => {
    const c = await store(db, batch, source, warnings)
    counts.inserted += c.inserted
    counts.updated += c.updated
    counts.unchanged += c.unchanged
    counts.skipped += c.failed
    batch = []
  }
  // A record stored at the same `modified` (to the microsecond) would be left alone by the upsert, which
  // replaces only an older one: the reader answers it without parsing it, and nothing is sent.
  const isStored = (id: string, modified: string) => {
    const us = stored.get(id)
    return us !== undefined && epochMicros(modified) === us
  }
  for await (const item of read({ isStored })) {
    signal?.throwIfAborted()
    counts.total++
    if (item.kind === 'warning') {
      warnings.push(item.warning)
      counts.skipped++
      continue
    }
    if (item.kind === 'stored') {
      counts.unchanged++
      const ecosystems = new Set(item.ecosystems.map(ecosystemOfOsv).filter((e) => e !== null))
      for (const eco of ecosystems) counts.byEcosystem[eco] = (counts.byEcosystem[eco] ?? 0) + 1
      continue
    }
    const row = toRow(item, limits)
    if (!('record' in row)) {
      warnings.push(row)
      counts.skipped++
      continue
    }
    for (const eco of new Set(packageKeysOf(row.record).map((k) => k.ecosystem)))
      counts.byEcosystem[eco] = (counts.byEcosystem[eco] ?? 0) + 1
    batch.push(row)
    if (batch.length >= batchSize) await flush()
  }
  if (batch.length > 0) await flush()
}

/** A file with more warnings than this is read again on every import rather than kept with them all. */
const maxKeptWarnings = 1000

/**
 * Fills the counts and warnings from the last complete import of `source` when it read this very file and
 * the store still holds as many records from the source (issue 20): nothing is read or written then.
 */
async function answerKeptImport(
  db: Db,
  source: string,
  digest: FileDigest,
  counts: AdvisoryRunCounts,
  warnings: OsvWarning[],
): Promise<boolean> {
  const kept = await readKeptImport(db, source)
  if (kept === null || kept.digest !== digest.value) return false
  if ((await countSourceRecords(db, source)) !== kept.records) return false
  counts.total = kept.counts.total
  counts.skipped = kept.counts.skipped
  counts.unchanged = kept.counts.total - kept.counts.skipped
  counts.byEcosystem = { ...kept.counts.byEcosystem }
  warnings.push(...kept.warnings)
  return true
}

/**
 * Imports every OSV record at `location` (a path or an http(s) URL). Records with a bad field are
 * skipped with a warning naming their id; a source that cannot be read answers ok: false with the
 * reason, keeping what was stored before the problem.
 */
export async function importAdvisories(
  db: Db,
  location: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now()
  const limits = { ...defaultImportLimits, ...options.limits }
  const counts = emptyCounts()
  const warnings: OsvWarning[] = []
  const source = options.source ?? location
  let tempDir: string | null = null
  const done = (error: string | null): ImportResult => ({
    ok: error === null,
    error,
    counts,
    warnings,
    durationMs: performance.now() - started,
  })
  try {
    let path = location
    let name = location
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(location)?.[1]
    if (scheme !== undefined && !isUrlLocation(location))
      return done(
        `Only http and https URLs can be fetched, not ${scheme}: (${location}); give a local path as a path.`,
      )
    if (isUrlLocation(location)) {
      tempDir = await mkdtemp(join(tmpdir(), 'sx-osv-'))
      let fileName = 'download'
      try {
        fileName = basename(new URL(location).pathname) || fileName
      } catch {
        // checked by the download itself
      }
      path = join(tempDir, 'source')
      if (!options.outbound) throw new Error(`importAdvisories: no outbound client to fetch ${location}`)
      const got = await downloadToFile(options.outbound, location, path, {
        reach: options.allowPrivateAddresses === true ? 'any' : 'public',
        allowedBy: '--allow-private',
        maxBytes: limits.maxFileBytes,
        ...(options.signal ? { signal: options.signal } : {}),
      })
      if (!got.ok) return done(got.error)
      name = fileName
    }
    const digest = await digestOfFile(path, name, limits)
    if (digest !== null && (await answerKeptImport(db, source, digest, counts, warnings))) return done(null)
    await forgetKeptImport(db, source)
    await importItems(
      db,
      (read) => readLocalSource(path, limits, name, read),
      source,
      limits,
      options.batchSize ?? 500,
      counts,
      warnings,
      options.signal,
    )
    if (counts.inserted + counts.updated > 0) await analyseAdvisoryTables(db)
    if (digest !== null && warnings.length <= maxKeptWarnings && (await unchangedSince(path, digest)))
      await keepImport(db, source, { digest: digest.value, counts, warnings })
    return done(null)
  } catch (error) {
    if (error instanceof SourceError) return done(error.message)
    if (options.signal?.aborted) return done(`The import of ${location} was stopped before it finished.`)
    throw error
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true })
  }
}
