// Issue 13 item 8: the role-standing rule as a table, every own role × every role.
import { describe, expect, it } from 'vitest'
import { roleSchema } from './identity'
import { defaultNewRole, mayGrantRole } from './role-standing'

const grants: Record<string, string[]> = {
  Administrator: roleSchema.options,
  Collaborator: ['Collaborator', 'Viewer', 'TeamCollaborator', 'TeamViewer'],
  Viewer: ['Viewer', 'TeamViewer'],
  TeamAdministrator: ['TeamAdministrator', 'TeamCollaborator', 'TeamViewer'],
  TeamCollaborator: ['TeamCollaborator', 'TeamViewer'],
  TeamViewer: ['TeamViewer'],
}

describe('mayGrantRole', () => {
  it.each(roleSchema.options)('%s grants no role above its own level or reach', (own) => {
    const granted = roleSchema.options.filter((role) => mayGrantRole(own, false, role))
    expect(granted.sort()).toEqual([...grants[own]!].sort())
  })

  it('lets system administrators grant every role', () => {
    for (const own of roleSchema.options)
      expect(roleSchema.options.every((role) => mayGrantRole(own, true, role))).toBe(true)
  })

  it('gives a new member of a team role a team viewer, else a viewer', () => {
    expect(defaultNewRole('TeamAdministrator', false)).toBe('TeamViewer')
    expect(defaultNewRole('Administrator', false)).toBe('Viewer')
    expect(defaultNewRole('TeamAdministrator', true)).toBe('Viewer')
  })
})
