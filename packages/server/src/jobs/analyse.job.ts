// The `analyse` job (DESIGN §3): turns one queued analysis into a stored report. Idempotent: the
// analysis row is claimed atomically (QUEUED → RUNNING), and a report is stored at most once per
// analysis, so a job delivered twice or to two workers never analyses twice.
import { randomUUID } from 'node:crypto'
import { buildReport, type DependencyGraph, type Warning } from '@sextant/engine'
import { type Db, inTransaction } from '../db/connection'
import type { AnalysisSources, PackageRef } from '../services/analysis.sources'
import { insertReport } from '../services/reports.repo'

export const ANALYSE_QUEUE = 'analyse'

export interface AnalyseJobData {
  analysisUuid: string
}

export type AnalyseOutcome = 'stored' | 'skipped' | 'failed'

// A RUNNING claim older than this is taken to be from a worker that died and may be taken over.
const staleClaimMinutes = 10

interface Claimed {
  project_uuid: string
  branch: string
  graph: DependencyGraph
  warnings: Warning[]
  thresholds: { security: number; stability: number; licensing: number }
}

export async function runAnalysis(
  db: Db,
  analysisUuid: string,
  sources: AnalysisSources = {},
  now: () => Date = () => new Date(),
): Promise<AnalyseOutcome> {
  const { rows } = await db.query<Claimed>(
    `UPDATE analyses a SET status = 'RUNNING', started_at = now(), attempts = attempts + 1
     FROM projects p
     WHERE a.uuid = $1 AND p.uuid = a.project_uuid
       AND (a.status = 'QUEUED' OR (a.status = 'RUNNING' AND a.started_at < now() - make_interval(mins => $2)))
     RETURNING a.project_uuid, a.branch, a.graph, a.warnings, p.thresholds`,
    [analysisUuid, staleClaimMinutes],
  )
  const claimed = rows[0]
  if (!claimed) return 'skipped'
  try {
    const graph = claimed.graph
    const seen = new Set<string>()
    const packages: PackageRef[] = []
    for (const c of graph.components) {
      const key = `${c.ecosystem}/${c.name}`
      if (seen.has(key)) continue
      seen.add(key)
      packages.push({ ecosystem: c.ecosystem, name: c.name, version: c.version })
    }
    const [advisories, metadata] = await Promise.all([
      sources.advisoriesFor?.(packages) ?? null,
      sources.metadataFor?.(packages) ?? null,
    ])
    const doc = buildReport({
      uuid: randomUUID(),
      projectUuid: claimed.project_uuid,
      branch: claimed.branch,
      now: now(),
      graph,
      warnings: claimed.warnings,
      thresholds: claimed.thresholds,
      advisories,
      metadata: metadata?.packages ?? null,
      metadataProblems: metadata?.problems ?? [],
    })
    await inTransaction(db, async (client) => {
      await insertReport(client, doc, analysisUuid)
      await client.query(
        `UPDATE analyses SET status = 'DONE', finished_at = now(), error = NULL WHERE uuid = $1`,
        [analysisUuid],
      )
    })
    return 'stored'
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db.query(`UPDATE analyses SET status = 'FAILED', finished_at = now(), error = $2 WHERE uuid = $1`, [
      analysisUuid,
      `The analysis failed: ${message}`,
    ])
    return 'failed'
  }
}
