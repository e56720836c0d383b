// How a report document is stored (issue 16 acceptance 6; DESIGN §2, §5 "stored compressed"; migration
// 034): gzip'd JSON in `reports.document_gz`, compressed on libuv's thread pool, beside the few fields SQL
// reads (gate, exclusions fingerprint, security gaps) as columns. PostgreSQL turning a 1 MB JSON text into
// JSONB and compressing it cost ~65 ms per report (the largest step of a live re-check); a gzip'd bytea
// costs it ~1 ms. Reports stored before it keep their JSONB `document`; every reader takes either.
// Since migration 035 the gzip'd JSON is three gzip members, the middle one the stability and licensing
// sections (a live re-check copies it from the previous report, engine report/carry.ts); gunzip reads
// them one after the other, so readers get the same JSON. Decode it with Node.js's gunzip; a browser's
// Content-Encoding decoder may stop after the first member.

import { randomUUID } from 'node:crypto'
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

/** A document's JSON as three gzip members: before the two sections, the two sections, after them. */
export interface PackedReport {
  before: Buffer
  /**
   * `"stability":…,"licensing":…` gzip'd; null when the caller copies it from the report carried from, or
   * when the document's sections are not side by side (then `before` is the whole document).
   */
  sections: Buffer | null
  after: Buffer
}

/**
 * Packs a document whose stability and licensing sections sit side by side (buildReport's key order), the
 * two sections as a member of their own; `carried`: they are not packed (the caller copies the previous
 * report's member). The members' JSON joined is JSON.stringify(doc), byte for byte.
 */
export async function packReportDocument(doc: ReportDocument, carried: boolean): Promise<PackedReport> {
  const mark = `\u0000${randomUUID()}`
  const placeholder = `"stability":${JSON.stringify(mark)},"licensing":${JSON.stringify(mark)}`
  const text = JSON.stringify({ ...doc, stability: mark, licensing: mark })
  const at = text.indexOf(placeholder)
  if (at < 0 || text.indexOf(placeholder, at + 1) >= 0) {
    // not buildReport's key order (a hand-made document): one member, nothing to carry from it
    if (carried) throw new Error('a carried report must have its sections side by side')
    return { before: await packReportJson(JSON.stringify(doc)), sections: null, after: Buffer.alloc(0) }
  }
  const [before, sections, after] = await Promise.all([
    packReportJson(text.slice(0, at)),
    carried
      ? null
      : packReportJson(
          `"stability":${JSON.stringify(doc.stability)},"licensing":${JSON.stringify(doc.licensing)}`,
        ),
    packReportJson(text.slice(at + placeholder.length)),
  ])
  return { before, sections, after }
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
