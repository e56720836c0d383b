// Report documents are immutable (DESIGN §2), so their gzip form can be cached in any process without
// invalidation: memory holds a cache only (DESIGN §1 "Scaled"). Issue 20 "Report cache": what is kept is
// the gzipped JSON (what nearly every client asks for), and the budget is charged its real length, so a
// 70 MB report (about 5 MB gzipped) stays cached instead of being read and compressed again on every GET;
// a client without gzip gets it decompressed per request. Concurrent misses of one report share one
// database read. Bounded by bytes, least recently used first out. Issue 13 item 5: an entry is keyed by
// the project it was read through and remembers its branch, so a hit proves what a database read would:
// this report belongs to this project (and to the branch asked for). A report uuid alone never finds
// anything; callers look up only after the access check answered the project (resources/projects.routes.ts).
// Issue 20 "Reports that stay small": the report page's forms (outline, section pages) are entries of the
// same cache under a variant, kept gzipped and brotli-compressed (both charged), so either is sent as is.

import { promisify } from 'node:util'
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)
const brotliAsync = promisify(brotliCompress)

/** Brotli quality 5: about gzip 6's time for ~15% fewer bytes; entries are compressed once. */
const BROTLI_QUALITY = 5

/** Which report, read through which project; `variant` names a derived form (e.g. with Jira data). */
export interface ReportKey {
  projectUuid: string
  reportUuid: string
  variant?: string
}

export interface ReportEntry {
  /** The report's JSON, gzipped: the one form kept. */
  gzip: Buffer
  /** The same JSON brotli-compressed, for the forms kept with it (`put`'s `brotli`). */
  br?: Buffer
  /** The branch the report was made for. */
  branch: string
  /** What the entry is charged against the budget. */
  bytes: number
}

/** A stored report as the database answers it. */
export interface StoredReport {
  json: string
  branch: string
}

/** What an entry costs beside its gzip bytes (key, object, map slot). */
const ENTRY_OVERHEAD = 256

const keyOf = (k: ReportKey) => `${k.projectUuid}/${k.reportUuid}${k.variant ? `#${k.variant}` : ''}`

export class ReportCache {
  private readonly entries = new Map<string, ReportEntry>()
  private readonly loading = new Map<string, Promise<ReportEntry | null>>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  /** The entry when this project's report is cached and (when `branch` is given) is on that branch. */
  get(key: ReportKey, branch?: string): ReportEntry | undefined {
    const id = keyOf(key)
    const entry = this.entries.get(id)
    if (!entry) return undefined
    this.entries.delete(id)
    this.entries.set(id, entry)
    return branch === undefined || entry.branch === branch ? entry : undefined
  }

  /**
   * The entry of `key`, from the cache or else from `read` (what the database holds through
   * `key.projectUuid`, never anything else), compressed and kept. Concurrent calls for one key share one
   * read. Null when there is no such report, or (with `branch`) it is on another branch.
   */
  async load(
    key: ReportKey,
    branch: string | undefined,
    read: () => Promise<StoredReport | null>,
  ): Promise<ReportEntry | null> {
    const id = keyOf(key)
    let entry: ReportEntry | null | undefined = this.entries.get(id)
    if (entry) this.get(key)
    else {
      let pending = this.loading.get(id)
      if (!pending) {
        pending = read()
          .then((found) => (found ? this.put(key, found.json, found.branch) : null))
          .finally(() => this.loading.delete(id))
        this.loading.set(id, pending)
      }
      entry = await pending
    }
    return entry && (branch === undefined || entry.branch === branch) ? entry : null
  }

  /**
   * Compresses and keeps `json` (read through `key.projectUuid`), with `brotli` also in that form; a form
   * larger than the budget is answered, not kept.
   */
  async put(key: ReportKey, json: string, branch: string, brotli = false): Promise<ReportEntry> {
    const [compressed, br] = await Promise.all([
      gzipAsync(json, { level: 6 }),
      brotli
        ? brotliAsync(json, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
            },
          })
        : undefined,
    ])
    const id = keyOf(key)
    const existing = this.entries.get(id)
    if (existing && (existing.br || !br)) return existing
    if (existing) {
      this.entries.delete(id)
      this.bytes -= existing.bytes
    }
    const bytes = compressed.length + (br?.length ?? 0) + ENTRY_OVERHEAD
    const entry: ReportEntry = br
      ? { gzip: compressed, br, branch, bytes }
      : { gzip: compressed, branch, bytes }
    if (entry.bytes > this.maxBytes) return entry
    this.entries.set(id, entry)
    this.bytes += entry.bytes
    for (const [old, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(old)
      this.bytes -= value.bytes
    }
    return entry
  }

  /** The JSON text of an entry (decompressed off the event loop, in libuv's pool). */
  async jsonOf(entry: ReportEntry): Promise<string> {
    return (await gunzipAsync(entry.gzip)).toString('utf8')
  }

  /** Bytes charged against the budget now. */
  get usedBytes(): number {
    return this.bytes
  }
}
