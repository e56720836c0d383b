// What the screens let a role do (spec accounts-and-api §6), for the areas these screens touch. The
// server checks every call itself (http/permissions.ts); this only hides or disables what would fail.
import type { Role } from '@sextant/contract'

export const NOT_AUTHORIZED = 'This action is available only to authorized roles'

export type UiArea =
  | 'members'
  | 'teams'
  | 'tokens'
  | 'configuration'
  | 'tags'
  | 'policies'
  | 'projects'
  | 'reports'
export type UiAction = 'read' | 'create' | 'edit' | 'delete'

const all: UiAction[] = ['read', 'create', 'edit', 'delete']
const readOnly: UiAction[] = ['read']

// Collaborators and Viewers (and their team variants) read everything here and manage their own tokens.
const readsOnly: Record<UiArea, UiAction[]> = {
  members: readOnly,
  teams: readOnly,
  tokens: all,
  configuration: [],
  tags: readOnly,
  policies: readOnly,
  projects: readOnly,
  reports: readOnly,
}

// Tokens are "own" for Collaborators and Viewers: they manage their own API tokens only.
// Team administrators create tags but neither rename, retag nor delete them.
// Projects: "read and edit" for Collaborators is no create (server http/permissions.ts, issue 13 item 9).
const matrix: Record<Role, Record<UiArea, UiAction[]>> = {
  Administrator: {
    members: all,
    teams: all,
    tokens: all,
    configuration: all,
    tags: all,
    policies: all,
    projects: all,
    reports: all,
  },
  TeamAdministrator: {
    members: all,
    teams: ['read', 'edit'],
    tokens: all,
    configuration: [],
    tags: ['read', 'create'],
    policies: all,
    projects: all,
    reports: all,
  },
  Collaborator: { ...readsOnly, projects: ['read', 'edit'], reports: ['read', 'edit'] },
  TeamCollaborator: { ...readsOnly, projects: ['read', 'edit'], reports: ['read', 'edit'] },
  Viewer: { ...readsOnly },
  TeamViewer: { ...readsOnly },
}

export function roleMay(role: Role, sysadmin: boolean, area: UiArea, action: UiAction): boolean {
  return sysadmin || matrix[role][area].includes(action)
}

// Nobody grants a role above their own, nor changes a member above it: the contract's mayGrantRole
// (issue 13 item 8), also what the server checks.
export { defaultNewRole, mayGrantRole } from '@sextant/contract'

export const roleLabels: Record<Role, string> = {
  Administrator: 'Administrator',
  Collaborator: 'Collaborator',
  Viewer: 'Viewer',
  TeamAdministrator: 'Team administrator',
  TeamCollaborator: 'Team collaborator',
  TeamViewer: 'Team viewer',
}
