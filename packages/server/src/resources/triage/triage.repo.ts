// Finding analyses in storage (issue 19 "Analysis states"; migration 100): the current analysis of each
// triaged finding of a branch and its audit trail. The exclusion an analysis makes lives in `exclusions`
// (exclusions.repo.ts); the row keeps its id.
import type { AnalysisChange, AnalysisJustification, AnalysisResponse, AnalysisState } from '@sextant/engine'
import type { Db, DbClient } from '../../db/connection'

export interface FindingKey {
  projectUuid: string
  branch: string
  language: string
  name: string
  version: string
  adviceId: string
}

export interface StoredAnalysis extends FindingKey {
  state: AnalysisState
  justification: AnalysisJustification | null
  responses: AnalysisResponse[]
  detail: string
  expires: string | null
  exclusionId: string | null
  updatedAt: Date
}

interface Row {
  project_uuid: string
  branch: string
  language: string
  name: string
  version: string
  advice_id: string
  state: AnalysisState
  justification: AnalysisJustification | null
  responses: AnalysisResponse[]
  detail: string
  expires: string | null
  exclusion_id: string | null
  updated_at: Date
}

// `expires` as text: a date column would come back as a local-time Date
const COLUMNS = `project_uuid, branch, language, name, version, advice_id, state, justification, responses,
  detail, to_char(expires, 'YYYY-MM-DD') AS expires, exclusion_id, updated_at`
const KEY =
  'project_uuid = $1 AND branch = $2 AND language = $3 AND name = $4 AND version = $5 AND advice_id = $6'
const keyValues = (k: FindingKey) => [k.projectUuid, k.branch, k.language, k.name, k.version, k.adviceId]

function storedOf(r: Row): StoredAnalysis {
  return {
    projectUuid: r.project_uuid,
    branch: r.branch,
    language: r.language,
    name: r.name,
    version: r.version,
    adviceId: r.advice_id,
    state: r.state,
    justification: r.justification,
    responses: r.responses,
    detail: r.detail,
    expires: r.expires,
    exclusionId: r.exclusion_id,
    updatedAt: new Date(r.updated_at),
  }
}

/** Every analysis of a branch; bounded by the branch's findings (one row per component × advice). */
export async function listAnalyses(
  db: Db | DbClient,
  projectUuid: string,
  branch: string,
): Promise<StoredAnalysis[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM finding_analyses WHERE project_uuid = $1 AND branch = $2
     ORDER BY name, version, advice_id LIMIT 200000`,
    [projectUuid, branch],
  )
  return rows.map(storedOf)
}

/** The analysis of one finding, locked for the transaction's update. */
export async function findAnalysisForUpdate(
  client: DbClient,
  key: FindingKey,
): Promise<StoredAnalysis | null> {
  const { rows } = await client.query<Row>(
    `SELECT ${COLUMNS} FROM finding_analyses WHERE ${KEY} FOR UPDATE`,
    keyValues(key),
  )
  return rows[0] ? storedOf(rows[0]) : null
}

export interface AnalysisWrite {
  state: AnalysisState
  justification: AnalysisJustification | null
  responses: AnalysisResponse[]
  detail: string
  expires: string | null
  exclusionId: string | null
  updatedBy: string | null
}

export async function upsertAnalysis(
  client: DbClient,
  key: FindingKey,
  w: AnalysisWrite,
): Promise<StoredAnalysis> {
  const { rows } = await client.query<Row>(
    `INSERT INTO finding_analyses (project_uuid, branch, language, name, version, advice_id, state, justification,
       responses, detail, expires, exclusion_id, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12, $13, now())
     ON CONFLICT (project_uuid, branch, language, name, version, advice_id) DO UPDATE SET
       state = EXCLUDED.state, justification = EXCLUDED.justification, responses = EXCLUDED.responses,
       detail = EXCLUDED.detail, expires = EXCLUDED.expires, exclusion_id = EXCLUDED.exclusion_id,
       updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      ...keyValues(key),
      w.state,
      w.justification,
      JSON.stringify(w.responses),
      w.detail,
      w.expires,
      w.exclusionId,
      w.updatedBy,
    ],
  )
  return storedOf(rows[0]!)
}

export type EventVia = 'triage' | 'vex-import' | 'exclusion-removed'

export async function insertAnalysisEvent(
  client: DbClient,
  key: FindingKey,
  actor: { uuid: string; email: string } | null,
  changes: readonly AnalysisChange[],
  via: EventVia,
): Promise<void> {
  await client.query(
    `INSERT INTO finding_analysis_events (project_uuid, branch, language, name, version, advice_id, actor_uuid,
       actor_email, changes, via) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [...keyValues(key), actor?.uuid ?? null, actor?.email ?? null, JSON.stringify(changes), via],
  )
}

export interface StoredEvent {
  actor: string | null
  at: Date
  via: EventVia
  changes: AnalysisChange[]
}

/** One finding's audit trail, oldest first (at most the last 1,000 changes). */
export async function listAnalysisEvents(db: Db, key: FindingKey): Promise<StoredEvent[]> {
  const { rows } = await db.query<{
    actor_email: string | null
    at: Date
    via: EventVia
    changes: AnalysisChange[]
  }>(
    `SELECT actor_email, at, via, changes FROM (
       SELECT id, actor_email, at, via, changes FROM finding_analysis_events WHERE ${KEY} ORDER BY id DESC LIMIT 1000
     ) last ORDER BY id`,
    keyValues(key),
  )
  return rows.map((r) => ({ actor: r.actor_email, at: new Date(r.at), via: r.via, changes: r.changes }))
}

/** The finding whose analysis made this exclusion, if any. */
export async function analysisOfExclusion(
  client: DbClient,
  exclusionId: string,
): Promise<StoredAnalysis | null> {
  const { rows } = await client.query<Row>(
    `SELECT ${COLUMNS} FROM finding_analyses WHERE exclusion_id = $1 FOR UPDATE`,
    [exclusionId],
  )
  return rows[0] ? storedOf(rows[0]) : null
}
