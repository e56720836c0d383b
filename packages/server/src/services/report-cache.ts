// Report documents are immutable (DESIGN §2), so their JSON text and its gzip form can be cached in any
// process without invalidation: memory holds a cache only (DESIGN §1 "Scaled"). Bounded by bytes, least
// recently used first out. Issue 13 item 5: an entry is keyed by the project it was read through and
// remembers its branch, so a hit proves what a database read would: this report belongs to this project
// (and to the branch asked for). A report uuid alone never finds anything; callers look up only after
// the access check answered the project (resources/projects.routes.ts).

import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gzipAsync = promisify(gzip)

/** Which report, read through which project; `variant` names a derived form (e.g. with Jira data). */
export interface ReportKey {
  projectUuid: string
  reportUuid: string
  variant?: string
}

export interface ReportEntry {
  json: string
  /** The branch the report was made for. */
  branch: string
  gzip: Promise<Buffer> | null
  bytes: number
}

const keyOf = (k: ReportKey) => `${k.projectUuid}/${k.reportUuid}${k.variant ? `#${k.variant}` : ''}`

export class ReportCache {
  private readonly entries = new Map<string, ReportEntry>()
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

  /** Stores what was read from the database through `key.projectUuid` (never anything else). */
  put(key: ReportKey, json: string, branch: string): ReportEntry {
    const id = keyOf(key)
    const existing = this.entries.get(id)
    if (existing) return existing
    const entry: ReportEntry = { json, branch, gzip: null, bytes: json.length * 2 }
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

  /** The gzip form, computed once per cached entry (off the event loop, in libuv's pool). */
  gzipOf(entry: ReportEntry): Promise<Buffer> {
    entry.gzip ??= gzipAsync(entry.json, { level: 6 }).then((buf) => {
      entry.bytes += buf.length
      this.bytes += buf.length
      return buf
    })
    return entry.gzip
  }
}
