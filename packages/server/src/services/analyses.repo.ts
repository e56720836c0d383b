// Analyses in storage (migration 001 `analyses`; DESIGN §1 "The walk of one analysis"): a queued analysis
// of an upload, a repository refresh or a stored graph, what a refresh's checkout stores on it, and a
// failure's reason. Claiming and finishing a queued one is jobs/analysis-claim.repo.ts.
import type { DependencyGraph, Warning } from '@sextant/engine'
import type { Db } from '../db/connection'

export interface NewAnalysis {
  uuid: string
  projectUuid: string
  branch: string
  /** 'upload', 'git', ... */
  source: string
  /** Null for a refresh: its checkout stores the graph later. */
  graph: DependencyGraph | null
  warnings: readonly Warning[]
  exclusionsFile: string | null
  /** A CI build's own score minima (issue 15); null = the account's. */
  thresholds: Partial<Record<'security' | 'stability' | 'licensing', number>> | null
}

export async function insertAnalysis(db: Pick<Db, 'query'>, a: NewAnalysis): Promise<void> {
  await db.query(
    `INSERT INTO analyses (uuid, project_uuid, branch, source, status, graph, warnings, exclusions_file, thresholds)
     VALUES ($1, $2, $3, $4, 'QUEUED', $5, $6, $7, $8)`,
    [
      a.uuid,
      a.projectUuid,
      a.branch,
      a.source,
      a.graph ? JSON.stringify(a.graph) : null,
      JSON.stringify(a.warnings),
      a.exclusionsFile,
      a.thresholds ? JSON.stringify(a.thresholds) : null,
    ],
  )
}

/** A queued repository analysis not checked out yet, with its project's URL; null when there is none. */
export async function refreshTarget(
  db: Db,
  analysisUuid: string,
): Promise<{ branch: string; url: string | null } | null> {
  const { rows } = await db.query<{ branch: string; url: string | null }>(
    `SELECT a.branch, p.url FROM analyses a JOIN projects p ON p.uuid = a.project_uuid
     WHERE a.uuid = $1 AND a.status = 'QUEUED' AND a.source = 'git' AND a.graph IS NULL`,
    [analysisUuid],
  )
  return rows[0] ?? null
}

/** What a repository checkout found: stored on its analysis before the analysis is queued. */
export async function storeCheckout(
  db: Pick<Db, 'query'>,
  analysisUuid: string,
  checkout: {
    graph: DependencyGraph
    warnings: readonly Warning[]
    commit: string
    exclusionsFile: string | null
  },
): Promise<void> {
  await db.query(
    `UPDATE analyses SET graph = $2, warnings = $3, commit = $4, exclusions_file = $5 WHERE uuid = $1`,
    [
      analysisUuid,
      JSON.stringify(checkout.graph),
      JSON.stringify(checkout.warnings),
      checkout.commit,
      checkout.exclusionsFile,
    ],
  )
}

export async function failAnalysis(db: Db, analysisUuid: string, message: string): Promise<void> {
  await db.query(`UPDATE analyses SET status = 'FAILED', finished_at = now(), error = $2 WHERE uuid = $1`, [
    analysisUuid,
    message,
  ])
}
