// The project a report-services request names (spec report-page §6; accounts-and-api §6): not-found when
// the caller may not see it (uuids reveal nothing), forbidden when they may see but not change it. Answers
// a Result (STYLE rule 5); routes turn a problem into the HTTP error (http/problems.ts `orThrow`).
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { canRead, canUpload } from './projects.access'
import { findProject, type ProjectRecord } from './projects.repo'
import { fail, ok, type Result } from './result'

export const NOT_AUTHORISED = 'This action is available only to authorized roles'

const notFound = (id: string) =>
  fail('not-found', `PROJECT NOT FOUND: there is no project ${id}, or it is not accessible to you.`)

export async function visibleProject(
  db: Db,
  principal: Principal,
  id: string,
): Promise<Result<ProjectRecord>> {
  return visibleOf(principal, id, await findProject(db, id))
}

/** visibleProject's answer for a project already read (a read shared by concurrent requests). */
export function visibleOf(
  principal: Principal,
  id: string,
  project: ProjectRecord | null,
): Result<ProjectRecord> {
  if (!project || !canRead(principal, project)) return notFound(id)
  return ok(project)
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
export async function writableProject(
  db: Db,
  principal: Principal,
  id: string,
): Promise<Result<ProjectRecord>> {
  const project = await findProject(db, id)
  const visible = project && (canRead(principal, project) || canUpload(principal, project))
  if (!project || !visible) return notFound(id)
  if (!canWrite(principal, project)) return fail('forbidden', `${NOT_AUTHORISED}.`)
  return ok(project)
}
