// Storage of the registry document cache (migration 065_registry_documents): one query reads every
// document a tick asked for, one statement writes every answer of a tick back (document-cache.ts
// batches them). A URL is the key: registry URLs never carry credentials (Config takes them out).
import type { Db } from '../db/connection'

export interface DocumentEntry {
  url: string
  /** 200: `body` held; 404: the registry has no such document. */
  status: 200 | 404
  body: string | null
  etag: string | null
  fetchedAt: Date
  /** `null`: never expires (a released artefact). */
  expiresAt: Date | null
}

interface Row {
  url: string
  status: number
  body: string | null
  etag: string | null
  fetched_at: Date
  expires_at: Date | null
}

export async function readDocuments(db: Db, urls: readonly string[]): Promise<Map<string, DocumentEntry>> {
  const out = new Map<string, DocumentEntry>()
  if (urls.length === 0) return out
  const { rows } = await db.query<Row>(
    'SELECT url, status, body, etag, fetched_at, expires_at FROM registry_documents WHERE url = ANY($1::text[])',
    [urls],
  )
  for (const r of rows) {
    if (r.status !== 200 && r.status !== 404) continue
    out.set(r.url, {
      url: r.url,
      status: r.status,
      body: r.body,
      etag: r.etag,
      fetchedAt: r.fetched_at,
      expiresAt: r.expires_at,
    })
  }
  return out
}

/** Writes entries in one statement (the same URL twice: the last wins). */
export async function writeDocuments(db: Db, entries: readonly DocumentEntry[]): Promise<void> {
  const unique = [...new Map(entries.map((e) => [e.url, e])).values()]
  if (unique.length === 0) return
  await db.query(
    `INSERT INTO registry_documents (url, status, body, etag, fetched_at, expires_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
     ON CONFLICT (url) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body, etag = EXCLUDED.etag,
       fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at`,
    [
      unique.map((e) => e.url),
      unique.map((e) => e.status),
      unique.map((e) => e.body),
      unique.map((e) => e.etag),
      unique.map((e) => e.fetchedAt.toISOString()),
      unique.map((e) => e.expiresAt?.toISOString() ?? null),
    ],
  )
}
