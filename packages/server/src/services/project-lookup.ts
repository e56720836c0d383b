// The project a report-services request names (spec report-page §6; accounts-and-api §6): 404 when the
// caller may not see it (uuids reveal nothing), 403 when they may see but not change it.

import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { canRead, canUpload } from './projects.access'
import { findProject, type ProjectRecord } from './projects.repo'

export const NOT_AUTHORISED = 'This action is available only to authorized roles'

export async function visibleProject(db: Db, principal: Principal, id: string): Promise<ProjectRecord> {
  const project = await findProject(db, id)
  if (!project || !canRead(principal, project)) {
    throw new HttpError(404, `PROJECT NOT FOUND: there is no project ${id}, or it is not accessible to you.`)
  }
  return project
}

/**
 * Whether the caller may change the project (mitigate, recompute, refresh, licence fixes): a signed-in
 * member whose role edits it (spec §6 private mode). Its negation is the project's `readonly` as the
 * caller reads it (report-page §3), so the page offers exactly the actions the server accepts.
 */
export function canWrite(principal: Principal, project: ProjectRecord): boolean {
  return principal.kind === 'member' && canUpload(principal, project)
}

/** Mitigate, recompute, refresh and CI calls: members who may edit the project (spec §6 private mode). */
export async function writableProject(db: Db, principal: Principal, id: string): Promise<ProjectRecord> {
  const project = await findProject(db, id)
  const visible = project && (canRead(principal, project) || canUpload(principal, project))
  if (!project || !visible) {
    throw new HttpError(404, `PROJECT NOT FOUND: there is no project ${id}, or it is not accessible to you.`)
  }
  if (!canWrite(principal, project)) throw new HttpError(403, `${NOT_AUTHORISED}.`)
  return project
}
