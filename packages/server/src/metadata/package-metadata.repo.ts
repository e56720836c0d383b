// Storage of the registry metadata cache (DESIGN §2; migrations 003_package_metadata, 070 packed): one
// query reads every cached entry of a batch, one statement per bounded batch writes outcomes back. A
// failed fetch never erases a document held from before; a 304 only moves fetched_at / expires_at.
// Documents are written packed (bytea); rows from before migration 070 are read from their jsonb.
import type { Db } from '../db/connection'
import { readStoredDocument, type StoredDocument, unpackDocument } from './document'

export interface CachedEntry {
  registry: string
  ecosystem: string
  name: string
  etag: string | null
  fetchedAt: Date
  expiresAt: Date
  status: number
  document: StoredDocument | null
  error: string | null
}

/** One outcome to write. */
export type CacheWrite =
  | { kind: 'document'; etag: string | null; packed: Buffer }
  | { kind: 'not-found' }
  | { kind: 'revalidated'; etag: string | null }
  | { kind: 'failed'; status: number | null; error: string }

export interface CacheWriteRow {
  registry: string
  ecosystem: string
  name: string
  fetchedAt: Date
  expiresAt: Date
  write: CacheWrite
}

interface Row {
  registry: string
  ecosystem: string
  name: string
  etag: string | null
  fetched_at: Date
  expires_at: Date
  status: number
  document: unknown
  packed: Buffer | null
  error: string | null
}

export const cacheKey = (registry: string, ecosystem: string, name: string): string =>
  `${registry}\u0000${ecosystem}\u0000${name}`

export async function readCachedMetadata(
  db: Db,
  keys: readonly { registry: string; ecosystem: string; name: string }[],
): Promise<Map<string, CachedEntry>> {
  const out = new Map<string, CachedEntry>()
  if (keys.length === 0) return out
  const { rows } = await db.query<Row>(
    `SELECT p.registry, p.ecosystem, p.name, p.etag, p.fetched_at, p.expires_at, p.status, p.document, p.packed, p.error
     FROM unnest($1::text[], $2::text[], $3::text[]) AS k(registry, ecosystem, name)
     JOIN package_metadata p USING (registry, ecosystem, name)`,
    [keys.map((k) => k.registry), keys.map((k) => k.ecosystem), keys.map((k) => k.name)],
  )
  // Unpacked side by side: gunzip runs on libuv's thread pool, JSON.parse here.
  const documents = await Promise.all(
    rows.map((r) => (r.packed ? unpackDocument(r.packed) : readStoredDocument(r.document))),
  )
  rows.forEach((r, i) => {
    out.set(cacheKey(r.registry, r.ecosystem, r.name), {
      registry: r.registry,
      ecosystem: r.ecosystem,
      name: r.name,
      etag: r.etag,
      fetchedAt: r.fetched_at,
      expiresAt: r.expires_at,
      status: r.status,
      document: documents[i] ?? null,
      error: r.error,
    })
  })
  return out
}

// Status codes as stored: 200 document, 404 not found, 304 = "revalidated" marker (never stored:
// the CASEs keep the old status), anything else = failed (0 when no HTTP answer at all).
function statusOf(write: CacheWrite): number {
  switch (write.kind) {
    case 'document':
      return 200
    case 'not-found':
      return 404
    case 'revalidated':
      return 304
    case 'failed':
      return write.status ?? 0
  }
}

const failed = 'EXCLUDED.status NOT IN (200, 304, 404)'
const held = '(p.document IS NOT NULL OR p.packed IS NOT NULL)'

/**
 * Writes the outcomes in one statement (rows with the same key: the last wins). Callers bound the
 * batch (metadata-writer.ts): one statement's parameters are held whole by both processes.
 */
export async function writeCachedMetadata(db: Db, rows: readonly CacheWriteRow[]): Promise<void> {
  const unique = [...new Map(rows.map((r) => [cacheKey(r.registry, r.ecosystem, r.name), r])).values()]
  if (unique.length === 0) return
  await db.query(
    `INSERT INTO package_metadata AS p (registry, ecosystem, name, etag, fetched_at, expires_at, status, packed, error)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                          $7::int[], $8::bytea[], $9::text[])
     ON CONFLICT (registry, ecosystem, name) DO UPDATE SET
       etag = CASE WHEN ${failed} THEN p.etag
                   WHEN EXCLUDED.status = 304 THEN coalesce(EXCLUDED.etag, p.etag)
                   ELSE EXCLUDED.etag END,
       fetched_at = CASE WHEN ${failed} THEN p.fetched_at ELSE EXCLUDED.fetched_at END,
       expires_at = CASE WHEN ${failed} AND ${held} THEN p.expires_at ELSE EXCLUDED.expires_at END,
       status = CASE WHEN EXCLUDED.status = 304 OR (${failed} AND ${held}) THEN p.status
                     ELSE EXCLUDED.status END,
       document = CASE WHEN EXCLUDED.status IN (200, 404) THEN NULL ELSE p.document END,
       packed = CASE WHEN EXCLUDED.status IN (200, 404) THEN EXCLUDED.packed ELSE p.packed END,
       error = EXCLUDED.error`,
    [
      unique.map((r) => r.registry),
      unique.map((r) => r.ecosystem),
      unique.map((r) => r.name),
      unique.map((r) =>
        r.write.kind === 'document' || r.write.kind === 'revalidated' ? r.write.etag : null,
      ),
      unique.map((r) => r.fetchedAt.toISOString()),
      unique.map((r) => r.expiresAt.toISOString()),
      unique.map((r) => statusOf(r.write)),
      unique.map((r) => (r.write.kind === 'document' ? r.write.packed : null)),
      unique.map((r) => (r.write.kind === 'failed' ? r.write.error : null)),
    ],
  )
}
