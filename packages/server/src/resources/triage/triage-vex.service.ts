// VEX in and out with analysis states (issue 19 "Exports auditors can use"): the branch's stored
// analyses as the engine's map for the CycloneDX VEX and OpenVEX writers, and a VEX import that sets the
// analysis of every finding of the latest report a statement names (recorded as 'vex-import').
import {
  type FindingAnalysis,
  matchVex,
  purlOfLibrary,
  readVex,
  reasonOfAnalysis,
  type StoredFindingAnalysis,
} from '@sextant/engine'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { latestReportUuid, reportDocumentById } from '../../services/reports.repo'
import { fail, ok, type Result } from '../../services/result'
import { listAnalyses } from './triage.repo'
import { type Actor, type TriageTarget, writeAnalysis } from './triage.service'

/** The branch's analyses keyed as the engine's VEX writers look them up. */
export async function analysesByFinding(
  db: Db,
  projectUuid: string,
  branch: string,
): Promise<Map<string, StoredFindingAnalysis>> {
  const rows = await listAnalyses(db, projectUuid, branch)
  return new Map(
    rows.map((a) => [
      `${a.language}/${a.name}@${a.version}#${a.adviceId}`,
      {
        analysis: {
          state: a.state,
          justification: a.justification,
          responses: a.responses,
          detail: a.detail,
        },
        expires: a.expires,
      },
    ]),
  )
}

export interface VexImportOutcome {
  format: 'cyclonedx' | 'openvex'
  matched: number
  unmatched: number
  warnings: { path: string; message: string }[]
}

export async function importVex(
  db: Db,
  target: TriageTarget,
  document: string,
  actor: Actor | null,
): Promise<Result<VexImportOutcome>> {
  const read = readVex(document)
  if (!read.format) {
    const first = read.warnings[0]
    return fail(
      'invalid',
      `document${first && first.path !== '$' ? `.${first.path}` : ''}: ${first?.message ?? 'not a VEX document'}.`,
    )
  }
  const reportUuid = await latestReportUuid(db, target.projectUuid, target.branch)
  const report = reportUuid
    ? await reportDocumentById(db, target.projectUuid, reportUuid, target.branch)
    : null
  if (!report)
    return fail(
      'not-found',
      `NOT FOUND: branch '${target.branch}' of this project has no report to apply a VEX to.`,
    )
  const { matches, unmatched } = matchVex(report, read.statements, purlOfLibrary)
  const note = `Imported from a ${read.format === 'openvex' ? 'OpenVEX' : 'CycloneDX VEX'} document.`
  await inTransaction(db, async (client) => {
    for (const m of matches) {
      // an excluding state needs a description (report-page §5): the import says where it came from
      const analysis: FindingAnalysis =
        reasonOfAnalysis(m.analysis) && m.analysis.detail.trim() === ''
          ? { ...m.analysis, detail: note }
          : m.analysis
      await writeAnalysis(
        client,
        target,
        {
          projectUuid: target.projectUuid,
          branch: target.branch,
          language: m.language,
          name: m.name,
          version: m.version,
          adviceId: m.adviceId,
        },
        analysis,
        m.expires,
        actor,
        'vex-import',
      )
    }
  })
  return ok({ format: read.format, matched: matches.length, unmatched, warnings: read.warnings })
}
