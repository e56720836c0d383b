// Report documents are immutable (DESIGN §2), so their JSON text and its gzip form can be cached by
// report uuid in any process without invalidation: memory holds a cache only (DESIGN §1 "Scaled").
// Bounded by bytes, least recently used first out.

import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gzipAsync = promisify(gzip)

interface Entry {
  json: string
  gzip: Promise<Buffer> | null
  bytes: number
}

export class ReportCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(uuid: string): Entry | undefined {
    const entry = this.entries.get(uuid)
    if (entry) {
      this.entries.delete(uuid)
      this.entries.set(uuid, entry)
    }
    return entry
  }

  put(uuid: string, json: string): Entry {
    const existing = this.get(uuid)
    if (existing) return existing
    const entry: Entry = { json, gzip: null, bytes: json.length * 2 }
    if (entry.bytes > this.maxBytes) return entry
    this.entries.set(uuid, entry)
    this.bytes += entry.bytes
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(key)
      this.bytes -= old.bytes
    }
    return entry
  }

  /** The gzip form, computed once per cached entry (off the event loop, in libuv's pool). */
  gzipOf(entry: Entry): Promise<Buffer> {
    entry.gzip ??= gzipAsync(entry.json, { level: 6 }).then((buf) => {
      entry.bytes += buf.length
      this.bytes += buf.length
      return buf
    })
    return entry.gzip
  }
}
