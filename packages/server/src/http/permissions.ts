// The role matrix of spec accounts-and-api §6 as ONE table, and the one check every route goes through
// (installed by http/auth.ts). 'own' grants act only on the caller's own things (their API tokens);
// 'key' only on a project whose upload key the caller holds; services read the grant with `grantOf` to
// narrow what they answer. Sysadmins may do everything.
//
// How the matrix is read (issue 13 items 9 and 10):
// - "projects read and edit" does not include create. Creating a project adds a thing to the account
//   (and, from a repository URL, makes the server clone from a place the creator picks); editing
//   changes a project that exists: new scans of it (uploads, builds, refresh), recompute, exclusions,
//   CI outcome, Jira settings. Collaborators and team collaborators edit; Administrators create, team
//   administrators create into their teams (services/projects.access.ts), Viewers do neither. Every
//   route that may create a project says so in its contract permission (`create`, or `createParam` for
//   uploads to 'new'), and builds by URL check `create` before making one.
// - Mitigating (exclusions), recomputing and the CI outcome edit reports ("reports read and edit").
// - Anonymous callers use the public default account: they read its public projects and create new
//   ones by upload; they add a scan to an existing one only with its upload key ('key': handed out once
//   when the project was created, header X-Upload-Key), never by being anonymous.
import {
  defaultNewRole,
  mayGrantRole,
  type PermissionAction,
  type PermissionArea,
  type Role,
} from '@sextant/contract'
import type { Principal } from './auth'
import { HttpError } from './errors'

export type Grant = 'all' | 'own' | 'key'
type Rights = Partial<Record<PermissionArea, Partial<Record<PermissionAction, Grant>>>>
export type MatrixRole = Role | 'anonymous' | 'sysadmin'

const crud = { read: 'all', create: 'all', edit: 'all', delete: 'all' } as const
const ownCrud = { read: 'own', create: 'own', edit: 'own', delete: 'own' } as const
const read = { read: 'all' } as const

const administrator: Rights = {
  tokens: crud,
  projects: crud,
  tags: crud,
  insights: crud,
  teams: crud,
  members: crud,
  policies: crud,
  isaac: crud,
  account: { ...crud, disable: 'all', support: 'all' },
  configuration: crud,
  reports: crud,
}

// "tokens own only; projects read and edit; reports read and edit; tags, insights, teams, members,
// policies and account read, with account support; no configuration".
const collaborator: Rights = {
  tokens: ownCrud,
  projects: { read: 'all', edit: 'all' },
  reports: { read: 'all', edit: 'all' },
  tags: read,
  insights: read,
  teams: read,
  members: read,
  policies: read,
  isaac: read,
  account: { read: 'all', support: 'all' },
}

// "read only, plus own tokens; no support; no configuration".
const viewer: Rights = {
  tokens: ownCrud,
  projects: read,
  reports: read,
  tags: read,
  insights: read,
  teams: read,
  members: read,
  policies: read,
  isaac: read,
  account: read,
}

// "like Administrator, but no tag edit or delete, no team create or delete, no account edit, disable or
// support, no configuration; policies and reports with full rights".
const teamAdministrator: Rights = {
  ...administrator,
  tags: { read: 'all', create: 'all' },
  teams: { read: 'all', edit: 'all' },
  // No account edit, disable or support; deleting the account is stronger than editing it (ours).
  account: read,
  configuration: {},
}

const everything: Rights = {
  ...administrator,
  system: { ...crud },
}

export const permissionMatrix: Record<MatrixRole, Rights> = {
  Administrator: administrator,
  Collaborator: collaborator,
  Viewer: viewer,
  TeamAdministrator: teamAdministrator,
  TeamCollaborator: collaborator,
  TeamViewer: viewer,
  // The default account without a header: public projects and their reports. Anonymous scans into
  // the public default account stay possible (issue 2 spine: uploads to 'new' make public projects);
  // a later scan of one needs its upload key (issue 13 item 10).
  anonymous: { projects: { read: 'all', create: 'all', edit: 'key' }, reports: read, account: read },
  sysadmin: everything,
}

export function matrixRoleOf(p: Principal): MatrixRole {
  if (p.kind === 'anonymous') return 'anonymous'
  return p.member.sysadmin ? 'sysadmin' : p.member.role
}

/** What the caller may do in an area: 'all', only their own things, or nothing (null). */
export function grantOf(p: Principal, area: PermissionArea, action: PermissionAction): Grant | null {
  return permissionMatrix[matrixRoleOf(p)][area]?.[action] ?? null
}

export function isAccountAdmin(p: Principal): boolean {
  return grantOf(p, 'account', 'edit') === 'all'
}

// Role escalation (issue 13 item 8): nobody grants a role above their own, nor acts on a member whose
// role is above their own; the rule (level and reach) is the contract's `mayGrantRole`. Teams: a team
// role acts on a team (a write naming it) only as that team's Administrator (http/auth.ts).
/** Whether the caller may grant `role`, or change or remove a member who has it. */
export function mayManageRole(p: Principal, role: Role): boolean {
  return p.kind === 'member' && mayGrantRole(p.member.role, p.member.sysadmin, role)
}

/**
 * 403 unless the caller may act on a member holding `current` (null: a new member) and grant `wanted`
 * (when it changes).
 */
export function assertMayManageRoles(p: Principal, current: Role | null, wanted: Role | undefined): void {
  const own = p.kind === 'member' ? p.member.role : 'anonymous'
  if (current && !mayManageRole(p, current))
    throw new HttpError(
      403,
      `Your role (${own}) may not change a member whose role (${current}) is above it.`,
    )
  if (wanted && !mayManageRole(p, wanted))
    throw new HttpError(403, `Your role (${own}) may not grant the role ${wanted}: it is above your own.`)
}

/** The role a new member gets when none is given: Viewer (spec §5), or TeamViewer when a team role adds them. */
export function defaultRoleFor(p: Principal): Role {
  return p.kind === 'member' ? defaultNewRole(p.member.role, p.member.sysadmin) : 'Viewer'
}
