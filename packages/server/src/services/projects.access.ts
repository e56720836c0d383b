// Who may see or change a project (spec accounts-and-api §5 "An SBOM upload posts ... optional teamUuid",
// §3 "team variants" of the roles, §6 role matrix; product-notes "Roles": a default team "Everyone").
// The one rule, used by every project, report, branch, history, diff, export, badge, exclusion, insight
// and dashboard route (directly or through project-lookup.ts) and by project lists and counts:
// - System administrators see every project of every account.
// - Members with an account-wide role (Administrator, Collaborator, Viewer) see every project of their
//   account.
// - Members with a team role (TeamAdministrator, TeamCollaborator, TeamViewer) get their access only
//   through team memberships: they see the projects owned by an active team they belong to and the
//   projects owned by no team. Everyone belongs to "Everyone", so its projects are the whole account's.
// - Public projects (the default account's anonymous scans) are readable by anyone.
// What a visible project allows (read, edit, create) is the §6 matrix of http/permissions.ts. A project
// the caller may not see answers 404 exactly like one that does not exist, never 403 and never data.
// A new project belongs to the team named by the request (`teamUuid`: a team of the caller's account,
// one they belong to for team roles) or else to the member's primary team; anonymous scans to none.
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { grantOf } from '../http/permissions'
import { findTeam } from '../resources/teams/teams.repo'
import { DEFAULT_ACCOUNT_UUID } from './identity.repo'
import { isUuid, type ProjectRecord } from './projects.repo'
import { inView, type ProjectView } from './projects.view'
import { fail, ok, type Result } from './result'
import { digestToken, newAccessToken, sameSecret } from './secrets'

/** The teams whose projects a team role may see; null when the caller's access is not through teams. */
function teamsOf(principal: Principal): readonly string[] | null {
  if (principal.kind !== 'member' || principal.member.sysadmin) return null
  return principal.member.role.startsWith('Team') ? principal.member.teamUuids : null
}

/** The projects of an account that the caller may see (the rule above, as a value). */
export function viewOf(principal: Principal, accountUuid: string): ProjectView {
  const member = principal.kind === 'member'
  const sysadmin = member && principal.member.sysadmin
  const inside =
    sysadmin ||
    (member && principal.account.uuid === accountUuid && grantOf(principal, 'projects', 'read') !== null)
  if (!inside) return { accountUuid, teams: null, publicOnly: true }
  return { accountUuid, teams: teamsOf(principal), publicOnly: false }
}

/** The caller's own account, for the dashboard, metrics and the latest-reports views. */
export function ownView(principal: Principal): ProjectView {
  return viewOf(principal, principal.account.uuid)
}

export function canRead(principal: Principal, project: ProjectRecord): boolean {
  return inView(viewOf(principal, project.accountUuid), project)
}

/**
 * Uploading a scan to an existing project edits it: members whose role edits projects, in the project's
 * account and (team roles) team; anonymous callers only holding the project's upload key (issue 13 item
 * 10: 'key' in the §6 matrix), which only projects made by an anonymous upload have.
 */
export function canUpload(principal: Principal, project: ProjectRecord, uploadKey?: string | null): boolean {
  const grant = grantOf(principal, 'projects', 'edit')
  if (grant === null) return false
  const inAccount =
    (principal.kind === 'member' && principal.member.sysadmin) ||
    principal.account.uuid === project.accountUuid
  if (grant === 'key') return inAccount && holdsUploadKey(project, uploadKey)
  const teams = teamsOf(principal)
  const teamAllows = teams === null || project.teamUuid === null || teams.includes(project.teamUuid)
  return inAccount && teamAllows
}

/** A new upload key for a project made anonymously: the key (shown once) and the digest to store. */
export function newUploadKey(): { key: string; digest: string } {
  const key = `sxu_${newAccessToken()}`
  return { key, digest: digestToken(key) }
}

function holdsUploadKey(project: ProjectRecord, given: string | null | undefined): boolean {
  return (
    project.uploadKeyDigest !== null && sameSecret(given ? digestToken(given) : null, project.uploadKeyDigest)
  )
}

/** Creating a project (an upload to 'new', a build by URL, POST /api/v1/projects): §6 projects create. */
export function canCreateProject(principal: Principal): boolean {
  return grantOf(principal, 'projects', 'create') !== null
}

/**
 * The team a new project of the caller belongs to: `requested` (a uuid of an active team of the caller's
 * account; for team roles one they belong to, else 404 like any team they may not see), or the member's
 * primary team while they are in it, or none (anonymous scans, no primary team).
 */
export async function ownerTeamOf(
  db: Db,
  principal: Principal,
  requested: string | undefined,
): Promise<Result<string | null>> {
  const wanted = requested?.trim()
  if (principal.kind !== 'member') {
    if (wanted)
      return fail(
        'invalid',
        'teamUuid: anonymous scans go to the public default account and belong to no team; sign in to choose a team.',
      )
    return ok(null)
  }
  if (!wanted) {
    const primary = principal.member.primaryTeamUuid
    return ok(primary && principal.member.teamUuids.includes(primary) ? primary : null)
  }
  const missing = fail('not-found', `teamUuid: there is no active team ${wanted} that you may see.`)
  if (!isUuid(wanted)) return missing
  const team = wanted.toLowerCase()
  const teams = teamsOf(principal)
  if (teams !== null && !teams.includes(team)) return missing
  const found = await findTeam(db, team)
  if (!found?.active || found.accountUuid !== principal.account.uuid) return missing
  return ok(team)
}

/**
 * The projects the caller may list for an account ('me', 'default' or a uuid): their own account's, the
 * public default account's, or any for sysadmins. Another account answers 404, never its data.
 */
export function listableView(principal: Principal, id: string): Result<ProjectView> {
  const accountUuid =
    id === 'me' ? principal.account.uuid : id === 'default' ? DEFAULT_ACCOUNT_UUID : id.toLowerCase()
  const allowed =
    isUuid(accountUuid) &&
    (accountUuid === principal.account.uuid ||
      accountUuid === DEFAULT_ACCOUNT_UUID ||
      (principal.kind === 'member' && principal.member.sysadmin))
  if (!allowed) return fail('not-found', `There is no account ${id} that you may see.`)
  return ok(viewOf(principal, accountUuid))
}
