// The findings table of a report (issue 19 "Findings table"): the engine's rows (component × advisory)
// with the branch's stored analyses and "new since the previous report", and the CSV of the rows the
// page shows, by key and in its order, through the engine's one CSV writer.
// Issue 19 acceptance 4: the rows are a pure function of the report (immutable, DESIGN §2), the
// previous report and the branch's analyses, so their gzipped JSON is kept in the report cache under a
// key naming all three (a triage changes the analyses, hence the key): a repeated GET reads no report
// document and builds and serialises no row; the same key is the answer's strong ETag. The answer is
// column by column, each text once (contract findings-columns.ts), for the page to parse it quickly.
import { createHash } from 'node:crypto'
import { type FindingColumn, findingColumnsOf } from '@sextant/contract'
import { type FindingRow, findingIdentities, findingRows, findingsCsv } from '@sextant/engine'
import type { Db } from '../../db/connection'
import type { ReportCache, ReportEntry } from '../../services/report-cache'
import {
  latestReportUuid,
  previousReportUuid,
  reportDocumentById,
  reportOnBranch,
} from '../../services/reports.repo'
import { fail, ok, type Result } from '../../services/result'
import { listAnalyses, type StoredAnalysis } from '../triage/triage.repo'

export interface ReportFindings {
  reportUuid: string
  hasPrevious: boolean
  rows: FindingRow[]
}

function noReport(branch: string, reportUuid: string | undefined) {
  const which = reportUuid ? ` ${reportUuid}` : ''
  return fail('not-found', `NOT FOUND: branch '${branch}' of this project has no report${which}.`)
}

export async function reportFindings(
  db: Db,
  projectUuid: string,
  branch: string,
  reportUuid: string | undefined,
): Promise<Result<ReportFindings>> {
  const uuid = reportUuid ?? (await latestReportUuid(db, projectUuid, branch))
  const report = uuid ? await reportDocumentById(db, projectUuid, uuid, branch) : null
  if (!uuid || !report) return noReport(branch, reportUuid)
  const [previousUuid, analyses] = await Promise.all([
    previousReportUuid(db, projectUuid, uuid),
    listAnalyses(db, projectUuid, branch),
  ])
  return ok(await rowsOf(db, projectUuid, branch, uuid, report, previousUuid, analyses))
}

async function rowsOf(
  db: Db,
  projectUuid: string,
  branch: string,
  uuid: string,
  report: NonNullable<Awaited<ReturnType<typeof reportDocumentById>>>,
  previousUuid: string | null,
  analyses: StoredAnalysis[],
): Promise<ReportFindings> {
  const previous = previousUuid ? await reportDocumentById(db, projectUuid, previousUuid, branch) : null
  const rows = findingRows(report, {
    analyses: analyses.map((a) => ({ ...a, justification: a.justification })),
    previous: previous ? findingIdentities(previous) : null,
  })
  return { reportUuid: uuid, hasPrevious: previous !== null, rows }
}

export interface CachedFindings {
  /** The answer's JSON, gzipped (ReportCache entry). */
  entry: ReportEntry
  /** Names the report, the previous report and the analyses the rows were built from (the ETag's core). */
  tag: string
}

/** The findings answer of `reportFindings` as cached gzipped JSON with its ETag (issue 19 acceptance 4). */
export async function cachedReportFindings(
  db: Db,
  cache: ReportCache,
  projectUuid: string,
  branch: string,
  reportUuid: string | undefined,
): Promise<Result<CachedFindings>> {
  const uuid = reportUuid ?? (await latestReportUuid(db, projectUuid, branch))
  if (!uuid || !(await reportOnBranch(db, projectUuid, uuid, branch))) return noReport(branch, reportUuid)
  const [previousUuid, analyses] = await Promise.all([
    previousReportUuid(db, projectUuid, uuid),
    listAnalyses(db, projectUuid, branch),
  ])
  const fingerprint = createHash('sha256')
    .update(`${previousUuid ?? ''}\n${JSON.stringify(analyses)}`)
    .digest('base64url')
    .slice(0, 27)
  // 'columns': the representation (an entry or a browser copy of the row-object answer is not reused)
  const key = { projectUuid, reportUuid: uuid, variant: `findings.columns:${fingerprint}` }
  const entry = await cache.load(key, branch, async () => {
    const report = await reportDocumentById(db, projectUuid, uuid, branch)
    if (!report) return null
    const found = await rowsOf(db, projectUuid, branch, uuid, report, previousUuid, analyses)
    // in key order: the page keeps it among equal values when it sorts, and sorting sorted rows is linear
    const rows = found.rows.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const answer = { reportUuid: uuid, hasPrevious: found.hasPrevious, ...findingColumnsOf(rows) }
    return { json: JSON.stringify(answer), branch }
  })
  return entry ? ok({ entry, tag: `findings.columns.${uuid}.${fingerprint}` }) : noReport(branch, reportUuid)
}

/** The CSV of the rows named by `keys`, in that order; a key the report does not hold is a problem. */
export function csvOfShown(
  found: ReportFindings,
  columns: readonly FindingColumn[],
  keys: readonly string[],
): Result<string> {
  const byKey = new Map(found.rows.map((r) => [r.key, r]))
  const shown: FindingRow[] = []
  for (const [i, key] of keys.entries()) {
    const row = byKey.get(key)
    if (!row) return fail('invalid', `keys[${i}]: the report has no finding '${key}'.`)
    shown.push(row)
  }
  return ok(findingsCsv(shown, columns))
}
