// Writes fetched metadata to the cache while an analysis is still fetching (issue 20 "Cold path near
// the floor": "write the metadata cache in batches"): rows are written in statements of bounded size,
// one statement at a time; a caller adding past the bound waits for the running statement, which
// holds its fetching back (back-pressure) instead of piling up documents in memory.
import type { CacheWriteRow } from './package-metadata.repo'

export interface WriterLimits {
  /** Rows per statement (default 200). */
  rows: number
  /** Packed document bytes per statement (default 2 MiB: ~20 MB of metadata as JSON). */
  bytes: number
}

interface Pending {
  row: CacheWriteRow
  /** Called once the row's statement has ended, written or not (releases the in-flight fetch). */
  done: () => void
}

export class MetadataWriter {
  private pending: Pending[] = []
  private bytes = 0
  private running: Promise<void> | null = null
  private failure: unknown = null
  private readonly limits: WriterLimits

  constructor(
    private readonly write: (rows: CacheWriteRow[]) => Promise<void>,
    limits: Partial<WriterLimits> = {},
  ) {
    this.limits = { rows: limits.rows ?? 200, bytes: limits.bytes ?? 2 * 1024 * 1024 }
  }

  /** Queues a row; resolves at once, or once a statement has made room when the batch is full. */
  async add(row: CacheWriteRow, done: () => void): Promise<void> {
    this.pending.push({ row, done })
    this.bytes += sizeOf(row)
    while (this.pending.length >= this.limits.rows || this.bytes >= this.limits.bytes) await this.flush()
  }

  /** Writes one bounded batch of what is queued, after the running statement. */
  async flush(): Promise<void> {
    while (this.running) await this.running
    if (this.pending.length === 0) return
    const batch = this.take()
    this.running = this.write(batch.map((p) => p.row))
      .catch((error: unknown) => {
        this.failure ??= error
      })
      .finally(() => {
        this.running = null
        for (const p of batch) p.done()
      })
    await this.running
  }

  /** Writes the rest; throws the first failed statement's error (the batch's rows are not cached). */
  async close(): Promise<void> {
    while (this.pending.length > 0 || this.running) await this.flush()
    if (this.failure) throw this.failure
  }

  /** The oldest rows, up to the limits (at least one row, however large). */
  private take(): Pending[] {
    let count = 0
    let bytes = 0
    while (count < this.pending.length && count < this.limits.rows && bytes < this.limits.bytes) {
      bytes += sizeOf((this.pending[count] as Pending).row)
      count++
    }
    this.bytes -= bytes
    return this.pending.splice(0, count)
  }
}

const sizeOf = (row: CacheWriteRow): number =>
  row.write.kind === 'document' ? row.write.packed.byteLength : 0
