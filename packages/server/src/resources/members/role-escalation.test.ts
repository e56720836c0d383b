// Issue 13 item 8: team administrators escalated. `POST /accounts/me/members/{own} {"role":"Administrator"}`
// succeeded for a TeamAdministrator, and `POST /teams/{any}/members {uuid: own}` exposed that team's
// projects. Nobody may grant a role above their own, act on a member above their own, or act on a team
// they do not administer (http/permissions.ts, http/auth.ts).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance } from '../../testing/instance'
import { memberInNewAccount, memberOfAccount } from '../admin/test-kit'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

describe.each(storageModes())('role escalation on %s storage', (mode) => {
  let t: TestInstance
  const who = { admin: '', teamAdmin: '', teamViewer: '' }
  const uuid = { admin: '', teamAdmin: '', teamViewer: '' }
  let red = ''
  let blue = ''
  let redProject = ''
  const call = (auth: string, method: string, path: string, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const roleOf = async (membership: string) =>
    (await t.sextant.db.query('SELECT role FROM memberships WHERE uuid = $1', [membership])).rows[0].role
  const teamRoleOf = async (team: string, membership: string) =>
    (
      await t.sextant.db.query(
        'SELECT role FROM team_members WHERE team_uuid = $1 AND membership_uuid = $2',
        [team, membership],
      )
    ).rows[0]?.role ?? null

  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
    const db = t.sextant.db
    const admin = await memberInNewAccount(db, 'admin@esc.test')
    who.admin = admin.auth
    uuid.admin = admin.membershipUuid
    for (const [key, role] of [
      ['teamAdmin', 'TeamAdministrator'],
      ['teamViewer', 'TeamViewer'],
    ] as const) {
      const m = await memberOfAccount(db, admin.accountUuid, `${key}@esc.test`, role)
      who[key] = m.auth
      uuid[key] = m.membershipUuid
    }
    for (const name of ['Red', 'Blue']) {
      const r = await call(who.admin, 'POST', '/api/v1/teams', { name })
      expect(r.status).toBe(200)
      const id = ((await r.json()) as { uuid: string }).uuid
      if (name === 'Red') red = id
      else blue = id
    }
    // The team administrator administers Blue only.
    const added = await call(who.admin, 'POST', `/api/v1/teams/${blue}/members`, {
      uuid: uuid.teamAdmin,
      role: 'Administrator',
    })
    expect(added.status).toBe(200)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&teamUuid=${red}`, {
      method: 'POST',
      headers: { authorization: who.admin },
      body: form,
    })
    expect(up.status).toBe(202)
    redProject = ((await up.json()) as { projectUuid: string }).projectUuid
  })
  afterAll(async () => t?.close())

  it('lets no team administrator grant themselves or anyone a role above their own', async () => {
    for (const role of ['Administrator', 'Collaborator', 'Viewer']) {
      const res = await call(who.teamAdmin, 'POST', `/api/v1/accounts/me/members/${uuid.teamAdmin}`, { role })
      const text = await res.text()
      expect(res.status, `${role}: ${text}`).toBe(403)
      expect(text).toContain('above your own')
      expect(await roleOf(uuid.teamAdmin)).toBe('TeamAdministrator')
      const other = await call(who.teamAdmin, 'POST', `/api/v1/accounts/me/members/${uuid.teamViewer}`, {
        role,
      })
      expect(other.status, role).toBe(403)
      const created = await call(who.teamAdmin, 'POST', '/api/v1/accounts/me/members', {
        name: 'New',
        email: `new-${role}@esc.test`,
        role,
      })
      expect(created.status, role).toBe(403)
    }
    expect(await roleOf(uuid.teamViewer)).toBe('TeamViewer')
    // Team roles up to their own are theirs to give; a new member without a role is a team viewer.
    const raised = await call(who.teamAdmin, 'POST', `/api/v1/accounts/me/members/${uuid.teamViewer}`, {
      role: 'TeamCollaborator',
    })
    expect(raised.status, await raised.text()).toBe(200)
    const plain = await call(who.teamAdmin, 'POST', '/api/v1/accounts/me/members', {
      name: 'Plain',
      email: 'plain@esc.test',
    })
    const body = await plain.text()
    expect(plain.status, body).toBe(200)
    expect((JSON.parse(body) as { role: string }).role).toBe('TeamViewer')
  })

  it('lets no team administrator change, remove or move a member above their own role', async () => {
    expect(
      (await call(who.teamAdmin, 'POST', `/api/v1/accounts/me/members/${uuid.admin}`, { role: 'TeamViewer' }))
        .status,
    ).toBe(403)
    expect(
      (await call(who.teamAdmin, 'POST', `/api/v1/accounts/me/members/${uuid.admin}`, { name: 'x' })).status,
    ).toBe(403)
    expect((await call(who.teamAdmin, 'DELETE', `/api/v1/accounts/me/members/${uuid.admin}`)).status).toBe(
      403,
    )
    expect(
      (
        await call(
          who.teamAdmin,
          'POST',
          `/api/v1/accounts/me/members/${uuid.admin}/primary?teamuuid=${blue}`,
        )
      ).status,
    ).toBe(403)
    expect(await roleOf(uuid.admin)).toBe('Administrator')
    // Nor in a team they administer.
    expect(
      (await call(who.teamAdmin, 'POST', `/api/v1/teams/${blue}/members`, { uuid: uuid.admin })).status,
    ).toBe(403)
  })

  it('lets a team administrator act only on the teams they administer', async () => {
    const join = await call(who.teamAdmin, 'POST', `/api/v1/teams/${red}/members`, { uuid: uuid.teamAdmin })
    const text = await join.text()
    expect(join.status, text).toBe(403)
    expect(text).toContain('teams you administer')
    expect(await teamRoleOf(red, uuid.teamAdmin)).toBeNull()
    // Red's project stays out of their sight.
    expect((await call(who.teamAdmin, 'GET', `/api/v1/projects/${redProject}`)).status).toBe(404)
    for (const [method, path, body] of [
      ['POST', `/api/v1/teams/${red}/members`, { uuid: uuid.teamViewer }],
      ['POST', `/api/v1/teams/${red}`, { name: 'Mine now' }],
      ['POST', `/api/v1/teams/${red}/properties/notifications`, {}],
      ['POST', `/api/v1/teams/${red}/members/${uuid.teamViewer}`, { role: 'Administrator' }],
      ['DELETE', `/api/v1/teams/${red}/members/${uuid.teamViewer}`, undefined],
    ] as const) {
      const res = await call(who.teamAdmin, method, path, body)
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(403)
    }
    // Their own team is theirs to run.
    const ok = await call(who.teamAdmin, 'POST', `/api/v1/teams/${blue}/members`, { uuid: uuid.teamViewer })
    expect(ok.status, await ok.text()).toBe(200)
    expect((await call(who.teamAdmin, 'POST', `/api/v1/teams/${blue}`, { description: 'ours' })).status).toBe(
      200,
    )
    // The account's Administrator acts on every team.
    expect(
      (await call(who.admin, 'POST', `/api/v1/teams/${red}/members`, { uuid: uuid.teamViewer })).status,
    ).toBe(200)
  })
})
