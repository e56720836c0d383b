// The findings table of a report (issue 19 "Findings table"): the engine's rows (component × advisory)
// with the branch's stored analyses and "new since the previous report", and the CSV of the rows the
// page shows, by key and in its order, through the engine's one CSV writer.
import type { FindingColumn } from '@sextant/contract'
import { type FindingRow, findingIdentities, findingRows, findingsCsv } from '@sextant/engine'
import type { Db } from '../../db/connection'
import { latestReportUuid, previousReportUuid, reportDocumentById } from '../../services/reports.repo'
import { fail, ok, type Result } from '../../services/result'
import { listAnalyses } from '../triage/triage.repo'

export interface ReportFindings {
  reportUuid: string
  hasPrevious: boolean
  rows: FindingRow[]
}

export async function reportFindings(
  db: Db,
  projectUuid: string,
  branch: string,
  reportUuid: string | undefined,
): Promise<Result<ReportFindings>> {
  const uuid = reportUuid ?? (await latestReportUuid(db, projectUuid, branch))
  const report = uuid ? await reportDocumentById(db, projectUuid, uuid, branch) : null
  if (!uuid || !report)
    return fail(
      'not-found',
      `NOT FOUND: branch '${branch}' of this project has no report${reportUuid ? ` ${reportUuid}` : ''}.`,
    )
  const previousUuid = await previousReportUuid(db, projectUuid, uuid)
  const [previous, analyses] = await Promise.all([
    previousUuid ? reportDocumentById(db, projectUuid, previousUuid, branch) : null,
    listAnalyses(db, projectUuid, branch),
  ])
  const rows = findingRows(report, {
    analyses: analyses.map((a) => ({ ...a, justification: a.justification })),
    previous: previous ? findingIdentities(previous) : null,
  })
  return ok({ reportUuid: uuid, hasPrevious: previous !== null, rows })
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
