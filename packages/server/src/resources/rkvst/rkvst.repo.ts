// The asset-tracking integration in storage (migration 092; accounts-and-api §7 "Asset-tracking
// integration", issue 17): an account's DataTrails application (secret sealed), each linked branch's
// asset, the SBOMs published with their state, and a branch's history (the last HISTORY_LIMIT kept).
import type { RkvstHistoryEntry, RkvstSbom } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { type ProjectView, viewFilter, viewParams } from '../../services/projects.view'

export interface StoredCredentials {
  baseUrl: string
  clientId: string
  clientSecretEncrypted: string
  updatedAt: Date
}

export const HISTORY_LIMIT = 200
/** Branches the projects list answers at most. */
export const BRANCH_LIMIT = 500

export async function findCredentials(db: Db, accountUuid: string): Promise<StoredCredentials | null> {
  const { rows } = await db.query<{
    base_url: string
    client_id: string
    client_secret_encrypted: string
    updated_at: Date
  }>(
    'SELECT base_url, client_id, client_secret_encrypted, updated_at FROM rkvst_credentials WHERE account_uuid = $1',
    [accountUuid],
  )
  const r = rows[0]
  return r
    ? {
        baseUrl: r.base_url,
        clientId: r.client_id,
        clientSecretEncrypted: r.client_secret_encrypted,
        updatedAt: new Date(r.updated_at),
      }
    : null
}

export async function saveCredentials(
  db: Db,
  accountUuid: string,
  c: { baseUrl: string; clientId: string; clientSecretEncrypted: string },
): Promise<void> {
  await db.query(
    `INSERT INTO rkvst_credentials (account_uuid, base_url, client_id, client_secret_encrypted) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_uuid) DO UPDATE SET base_url = $2, client_id = $3, client_secret_encrypted = $4, updated_at = now()`,
    [accountUuid, c.baseUrl, c.clientId, c.clientSecretEncrypted],
  )
}

export interface StoredLink {
  assetIdentity: string
  linkedAt: Date
}

export async function findLink(db: Db, projectUuid: string, branch: string): Promise<StoredLink | null> {
  const { rows } = await db.query<{ asset_identity: string; linked_at: Date }>(
    'SELECT asset_identity, linked_at FROM rkvst_links WHERE project_uuid = $1 AND branch = $2',
    [projectUuid, branch],
  )
  const r = rows[0]
  return r ? { assetIdentity: r.asset_identity, linkedAt: new Date(r.linked_at) } : null
}

export async function saveLink(db: Db, projectUuid: string, branch: string, assetIdentity: string) {
  await db.query(
    `INSERT INTO rkvst_links (project_uuid, branch, asset_identity) VALUES ($1, $2, $3)
     ON CONFLICT (project_uuid, branch) DO UPDATE SET asset_identity = $3, linked_at = now()`,
    [projectUuid, branch, assetIdentity],
  )
}

export async function deleteLink(db: Db, projectUuid: string, branch: string): Promise<void> {
  await db.query('DELETE FROM rkvst_links WHERE project_uuid = $1 AND branch = $2', [projectUuid, branch])
}

interface SbomRow {
  uuid: string
  project_uuid: string
  branch: string
  report_uuid: string
  asset_identity: string
  blob_identity: string
  sha256: string
  size: number
  state: RkvstSbom['state']
  published_at: Date
  withdrawn_at: Date | null
}

export type StoredSbom = RkvstSbom & { assetIdentity: string }

const sbomOf = (r: SbomRow): StoredSbom => ({
  id: r.uuid,
  projectId: r.project_uuid,
  branch: r.branch,
  reportId: r.report_uuid,
  assetIdentity: r.asset_identity,
  blobIdentity: r.blob_identity,
  sha256: r.sha256,
  size: r.size,
  state: r.state,
  publishedAt: new Date(r.published_at).toISOString(),
  withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
})
const SBOM_COLUMNS =
  'uuid, project_uuid, branch, report_uuid, asset_identity, blob_identity, sha256, size, state, published_at, withdrawn_at'

export async function insertSbom(
  db: Db,
  s: Omit<StoredSbom, 'state' | 'publishedAt' | 'withdrawnAt'>,
): Promise<StoredSbom> {
  const { rows } = await db.query<SbomRow>(
    `INSERT INTO rkvst_sboms (uuid, project_uuid, branch, report_uuid, asset_identity, blob_identity, sha256, size, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'published') RETURNING ${SBOM_COLUMNS}`,
    [s.id, s.projectId, s.branch, s.reportId, s.assetIdentity, s.blobIdentity, s.sha256, s.size],
  )
  return sbomOf(rows[0]!)
}

/** An SBOM of a project of the account (the SBOM routes name only the account and the SBOM). */
export async function findAccountSbom(
  db: Db,
  accountUuid: string,
  sbomUuid: string,
): Promise<StoredSbom | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sbomUuid)) return null
  const { rows } = await db.query<SbomRow>(
    `SELECT ${SBOM_COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')} FROM rkvst_sboms s
     JOIN projects p ON p.uuid = s.project_uuid WHERE p.account_uuid = $1 AND s.uuid = $2`,
    [accountUuid, sbomUuid],
  )
  return rows[0] ? sbomOf(rows[0]) : null
}

export async function setSbomState(db: Db, sbomUuid: string, state: RkvstSbom['state']): Promise<StoredSbom> {
  const { rows } = await db.query<SbomRow>(
    `UPDATE rkvst_sboms SET state = $2, withdrawn_at = CASE WHEN $2 = 'withdrawn' THEN now() ELSE NULL END
     WHERE uuid = $1 RETURNING ${SBOM_COLUMNS}`,
    [sbomUuid, state],
  )
  return sbomOf(rows[0]!)
}

export interface BranchRow {
  projectId: string
  projectName: string
  branch: string
  link: StoredLink | null
  lastSbom: StoredSbom | null
}

/** The project branches with a report in the caller's view, their links and last SBOMs (at most BRANCH_LIMIT). */
export async function accountBranches(db: Db, view: ProjectView): Promise<BranchRow[]> {
  const { rows } = await db.query<{
    project_uuid: string
    name: string
    branch: string
    asset_identity: string | null
    linked_at: Date | null
    sbom: SbomRow | null
  }>(
    `SELECT b.project_uuid, p.name, b.name AS branch, l.asset_identity, l.linked_at,
       (SELECT row_to_json(s) FROM (SELECT ${SBOM_COLUMNS} FROM rkvst_sboms
          WHERE project_uuid = b.project_uuid AND branch = b.name ORDER BY published_at DESC LIMIT 1) s) AS sbom
     FROM branches b JOIN projects p ON p.uuid = b.project_uuid
     LEFT JOIN rkvst_links l ON l.project_uuid = b.project_uuid AND l.branch = b.name
     WHERE ${viewFilter('p', 1)}
       AND EXISTS (SELECT 1 FROM reports r WHERE r.project_uuid = b.project_uuid AND r.branch = b.name)
     ORDER BY p.name, b.project_uuid, b.name LIMIT $4`,
    [...viewParams(view), BRANCH_LIMIT],
  )
  return rows.map((r) => ({
    projectId: r.project_uuid,
    projectName: r.name,
    branch: r.branch,
    link: r.asset_identity ? { assetIdentity: r.asset_identity, linkedAt: new Date(r.linked_at!) } : null,
    lastSbom: r.sbom ? sbomOf(r.sbom) : null,
  }))
}

export async function lastSbomOf(db: Db, projectUuid: string, branch: string): Promise<StoredSbom | null> {
  const { rows } = await db.query<SbomRow>(
    `SELECT ${SBOM_COLUMNS} FROM rkvst_sboms WHERE project_uuid = $1 AND branch = $2 ORDER BY published_at DESC LIMIT 1`,
    [projectUuid, branch],
  )
  return rows[0] ? sbomOf(rows[0]) : null
}

interface HistoryRow {
  id: string
  action: RkvstHistoryEntry['action']
  at: Date
  ok: boolean
  asset_identity: string | null
  event_identity: string | null
  sbom_uuid: string | null
  message: string
}

export async function addHistory(
  db: Db,
  projectUuid: string,
  branch: string,
  e: Omit<RkvstHistoryEntry, 'id' | 'at'>,
): Promise<void> {
  await db.query(
    `INSERT INTO rkvst_history (project_uuid, branch, action, ok, asset_identity, event_identity, sbom_uuid, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [projectUuid, branch, e.action, e.ok, e.assetIdentity, e.eventIdentity, e.sbomId, e.message],
  )
  await db.query(
    `DELETE FROM rkvst_history WHERE project_uuid = $1 AND branch = $2 AND id NOT IN
       (SELECT id FROM rkvst_history WHERE project_uuid = $1 AND branch = $2 ORDER BY id DESC LIMIT $3)`,
    [projectUuid, branch, HISTORY_LIMIT],
  )
}

export async function listHistory(db: Db, projectUuid: string, branch: string): Promise<RkvstHistoryEntry[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT id, action, at, ok, asset_identity, event_identity, sbom_uuid, message FROM rkvst_history
     WHERE project_uuid = $1 AND branch = $2 ORDER BY id DESC LIMIT $3`,
    [projectUuid, branch, HISTORY_LIMIT],
  )
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    at: new Date(r.at).toISOString(),
    ok: r.ok,
    assetIdentity: r.asset_identity,
    eventIdentity: r.event_identity,
    sbomId: r.sbom_uuid,
    message: r.message,
  }))
}
