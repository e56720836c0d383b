// Who may see or upload to a project (spec accounts-and-api §6, the minimum of issue 2): members of the
// owning account and sysadmins; public projects (the default account's) are readable by anyone.
// A project the caller may not see answers 404, never 403, so that uuids reveal nothing.
import type { Principal } from '../http/auth'
import type { ProjectRecord } from './projects.repo'

export function canRead(principal: Principal, project: ProjectRecord): boolean {
  if (project.isPublic) return true
  if (principal.kind === 'member' && principal.member.sysadmin) return true
  return principal.kind === 'member' && principal.account.uuid === project.accountUuid
}

export function canUpload(principal: Principal, project: ProjectRecord): boolean {
  if (principal.kind === 'member')
    return principal.member.sysadmin || principal.account.uuid === project.accountUuid
  // Anonymous callers act for the default account and may update only its (public) projects.
  return principal.account.uuid === project.accountUuid
}
