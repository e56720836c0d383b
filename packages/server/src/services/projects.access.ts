// Who may see or change a project (spec accounts-and-api §6): the role matrix of http/permissions.ts
// (projects read / edit / create) within the owning account; sysadmins everywhere; public projects
// (the default account's) readable by anyone. A project the caller may not see answers 404, never 403.
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { grantOf } from '../http/permissions'
import { DEFAULT_ACCOUNT_UUID } from './identity.repo'
import { isUuid, type ProjectRecord } from './projects.repo'

function inAccount(principal: Principal, project: ProjectRecord): boolean {
  return (
    (principal.kind === 'member' && principal.member.sysadmin) ||
    principal.account.uuid === project.accountUuid
  )
}

export function canRead(principal: Principal, project: ProjectRecord): boolean {
  if (project.isPublic) return true
  return (
    principal.kind === 'member' &&
    inAccount(principal, project) &&
    grantOf(principal, 'projects', 'read') !== null
  )
}

/** Uploading a scan to an existing project edits it (anonymous: only the default account's projects). */
export function canUpload(principal: Principal, project: ProjectRecord): boolean {
  return inAccount(principal, project) && grantOf(principal, 'projects', 'edit') !== null
}

/** Creating a project (an upload to 'new'): Administrators, team administrators, anonymous scans. */
export function canCreateProject(principal: Principal): boolean {
  return grantOf(principal, 'projects', 'create') !== null
}

/**
 * The account whose projects the caller may list ('me', 'default' or a uuid): their own, the public
 * default account's, or any for sysadmins. Another account answers 404, never its data.
 */
export function listableAccount(principal: Principal, id: string): string {
  const accountUuid =
    id === 'me' ? principal.account.uuid : id === 'default' ? DEFAULT_ACCOUNT_UUID : id.toLowerCase()
  const allowed =
    isUuid(accountUuid) &&
    (accountUuid === principal.account.uuid ||
      accountUuid === DEFAULT_ACCOUNT_UUID ||
      (principal.kind === 'member' && principal.member.sysadmin))
  if (!allowed) throw new HttpError(404, `There is no account ${id} that you may see.`)
  return accountUuid
}
