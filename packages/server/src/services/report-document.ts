// How a report document is stored (issue 16 acceptance 6; DESIGN §2, §5 "stored compressed"; migration
// 034): gzip'd JSON in `reports.document_gz`, compressed on libuv's thread pool, beside the few fields SQL
// reads (gate, exclusions fingerprint, security gaps) as columns. PostgreSQL turning a 1 MB JSON text into
// JSONB and compressing it cost ~65 ms per report (the largest step of a live re-check); a gzip'd bytea
// costs it ~1 ms. Reports stored before it keep their JSONB `document`; every reader takes either.

import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import type { ReportDocument } from '@sextant/engine'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/** A stored report row's document columns: one of the two is set (CHECK reports_document_stored). */
export interface StoredDocumentColumns {
  /** The JSONB of reports stored before migration 034, as text (`document::text`) or parsed. */
  document: string | ReportDocument | null
  document_gz: Buffer | null
}

/** The stored form of a document's JSON. Level 1: ~10x smaller than the JSON for a fraction of level 6's time. */
export function packReportJson(json: string): Promise<Buffer> {
  return gzipAsync(json, { level: 1 })
}

/** The document's JSON text, from whichever form the row holds. */
export async function storedReportJson(row: StoredDocumentColumns): Promise<string> {
  if (row.document_gz) return (await gunzipAsync(row.document_gz)).toString('utf8')
  if (row.document === null) throw new Error('report row holds no document')
  return typeof row.document === 'string' ? row.document : JSON.stringify(row.document)
}

/** The document, parsed, from whichever form the row holds. */
export async function storedReportDocument(row: StoredDocumentColumns): Promise<ReportDocument> {
  if (row.document !== null && typeof row.document !== 'string') return row.document
  return JSON.parse(await storedReportJson(row)) as ReportDocument
}
