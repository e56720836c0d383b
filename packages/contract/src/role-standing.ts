// Which roles a member may grant (spec accounts-and-api §6; issue 13 item 8), one rule for the server's
// checks (http/permissions.ts) and the screens that offer roles. A role stands by its level (Viewer <
// Collaborator < Administrator, the team variants at the level of their account-wide counterpart) and its
// reach: account-wide roles reach every project of the account, team roles only their teams', so a team
// role never grants an account-wide one. System administrators stand above every role.
import type { Role } from './identity'

const level: Record<Role, number> = {
  Viewer: 1,
  TeamViewer: 1,
  Collaborator: 2,
  TeamCollaborator: 2,
  Administrator: 3,
  TeamAdministrator: 3,
}

export const isTeamRole = (role: Role): boolean => role.startsWith('Team')

/** Whether a member of role `own` may grant `role`, or change or remove a member who has it. */
export function mayGrantRole(own: Role, sysadmin: boolean, role: Role): boolean {
  return sysadmin || (level[role] <= level[own] && (!isTeamRole(own) || isTeamRole(role)))
}

/** The role of a new member when none is given: Viewer (§5), or TeamViewer when a team role adds them. */
export function defaultNewRole(own: Role, sysadmin: boolean): Role {
  return !sysadmin && isTeamRole(own) ? 'TeamViewer' : 'Viewer'
}
