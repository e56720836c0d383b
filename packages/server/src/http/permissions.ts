// The role matrix of spec accounts-and-api §6 as ONE table, and the one check every route goes through
// (installed by http/auth.ts). 'own' grants act only on the caller's own things (their API tokens);
// services read the grant with `grantOf` to narrow what they answer. Sysadmins may do everything.
import type { PermissionAction, PermissionArea, Role } from '@sextant/contract'
import type { Principal } from './auth'

export type Grant = 'all' | 'own'
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
  // the public default account stay possible (issue 2 spine: uploads to 'new' make public projects).
  anonymous: { projects: { read: 'all', create: 'all', edit: 'all' }, reports: read, account: read },
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
