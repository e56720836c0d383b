// Issue 13 item 9: any member could create projects (`POST /api/v1/projects` as Viewer, TeamViewer,
// Collaborator or TeamCollaborator answered 200). Item 10: anyone could overwrite a public project (an
// anonymous `POST /api/v1/uploads/{public pid}/manifests` replaced its report and flipped its badge).
// The §6 reading (http/permissions.ts): "projects read and edit" is no create; anonymous callers create
// public projects and add scans to one only with its upload key.
import { readFileSync } from 'node:fs'
import type { Role } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, type TestInstance, waitForReport } from '../testing/instance'
import { memberInNewAccount, memberOfAccount } from './admin/test-kit'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

function manifests(): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
  form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
  return form
}
function sbom(): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(fixture('small.cdx.json'))]), 'bom.json')
  return form
}

describe.each(storageModes())('who may create and change projects on %s storage', (mode) => {
  let t: TestInstance
  const auth = new Map<Role, string>()
  let account = ''
  /** A project of the account, owned by no team: every member sees it. */
  let shared = ''
  const count = async (table: string) =>
    Number((await t.sextant.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const upload = (target: string, headers: Record<string, string>, form = manifests(), kind = 'manifests') =>
    fetch(`${t.url}/api/v1/uploads/${target}/${kind}?branch=main`, { method: 'POST', headers, body: form })

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_ALLOW_LOCAL_REPOSITORIES: 'true' })
    const db = t.sextant.db
    const admin = await memberInNewAccount(db, 'admin@writes.test')
    account = admin.accountUuid
    auth.set('Administrator', admin.auth)
    for (const role of [
      'Viewer',
      'TeamViewer',
      'Collaborator',
      'TeamCollaborator',
      'TeamAdministrator',
    ] as const)
      auth.set(role, (await memberOfAccount(db, account, `${role.toLowerCase()}@writes.test`, role)).auth)
    const res = await upload('new', { authorization: admin.auth })
    expect(res.status).toBe(202)
    shared = ((await res.json()) as { projectUuid: string }).projectUuid
    await db.query('UPDATE projects SET team_uuid = NULL WHERE uuid = $1', [shared])
  }, 60_000)
  afterAll(async () => t?.close())

  it('lets only Administrators and team administrators create projects, by every path (item 9)', async () => {
    const refused: Role[] = ['Viewer', 'TeamViewer', 'Collaborator', 'TeamCollaborator']
    for (const role of refused) {
      const who = { authorization: auth.get(role)! }
      const before = await count('projects')
      const created = await post('/api/v1/projects', who, { url: 'file:///srv/git/app.git' })
      expect(created.status, `${role}: ${await created.text()}`).toBe(403)
      expect((await upload('new', who)).status, role).toBe(403)
      expect((await upload('new', who, sbom(), 'sbom-cdx.json')).status, role).toBe(403)
      const build = await post('/api/v1/builds', who, {
        url: 'https://git.example/new-app.git',
        branch: 'main',
      })
      expect(build.status, `${role}: ${await build.text()}`).toBe(403)
      expect(await count('projects'), role).toBe(before)
    }
    for (const role of ['Administrator', 'TeamAdministrator'] as const) {
      const created = await post(
        '/api/v1/projects',
        { authorization: auth.get(role)! },
        {
          url: `file:///srv/git/${role}.git`,
        },
      )
      expect(created.status, `${role}: ${await created.text()}`).toBe(200)
    }
  })

  it('lets collaborators add scans to the projects they may change, not create them (item 9)', async () => {
    for (const role of ['Collaborator', 'TeamCollaborator'] as const) {
      const res = await upload(shared, { authorization: auth.get(role)! })
      expect(res.status, `${role}: ${await res.text()}`).toBe(202)
    }
    for (const role of ['Viewer', 'TeamViewer'] as const) {
      const res = await upload(shared, { authorization: auth.get(role)! })
      expect(res.status, role).toBe(403)
    }
  })

  it('never lets an anonymous caller overwrite a public project, unless they hold its upload key (item 10)', async () => {
    const made = await upload('new', {})
    const created = (await made.json()) as { projectUuid: string; uploadKey?: string }
    expect(made.status).toBe(202)
    expect(created.uploadKey).toMatch(/^sxu_[A-Za-z0-9_-]{40,}$/)
    const pid = created.projectUuid
    const report = await waitForReport(t.url, pid, 'main')
    // The key is shown once: neither the project nor its report carries it, and only its digest is stored.
    const project = await (await fetch(`${t.url}/api/v1/projects/${pid}`)).text()
    expect(project).not.toContain(created.uploadKey)
    expect(JSON.stringify(report)).not.toContain(created.uploadKey)
    const stored = await t.sextant.db.query('SELECT upload_key_digest FROM projects WHERE uuid = $1', [pid])
    expect(stored.rows[0].upload_key_digest).toMatch(/^[0-9a-f]{64}$/)

    const analyses = await count('analyses')
    for (const headers of [{}, { 'x-upload-key': 'sxu_not-the-key' }, { 'x-upload-key': '' }] as Record<
      string,
      string
    >[]) {
      for (const [kind, form] of [
        ['manifests', manifests()],
        ['sbom-cdx.json', sbom()],
      ] as const) {
        const res = await upload(pid, headers, form, kind)
        const text = await res.text()
        expect(res.status, text).toBe(401)
        expect(text).toContain('X-Upload-Key')
      }
    }
    expect(await count('analyses')).toBe(analyses)
    const history = await (await fetch(`${t.url}/api/v1/reports/${pid}/history?branch=main`)).json()
    expect(history).toHaveLength(1)

    // The holder of the key adds a scan; the key of one project opens no other.
    const again = await upload(pid, { 'x-upload-key': created.uploadKey! })
    expect(again.status, await again.text()).toBe(202)
    const other = (await (await upload('new', {})).json()) as { projectUuid: string }
    expect((await upload(other.projectUuid, { 'x-upload-key': created.uploadKey! })).status).toBe(401)
    // A public project made before upload keys (none stored) takes no anonymous scan at all.
    await t.sextant.db.query('UPDATE projects SET upload_key_digest = NULL WHERE uuid = $1', [pid])
    expect((await upload(pid, { 'x-upload-key': created.uploadKey! })).status).toBe(401)
    // A signed-in member never gets a key, and a key does not let anonymous callers into private projects.
    const own = (await (await upload('new', { authorization: auth.get('Administrator')! })).json()) as {
      projectUuid: string
      uploadKey?: string
    }
    expect(own.uploadKey).toBeUndefined()
    expect((await upload(own.projectUuid, { 'x-upload-key': created.uploadKey! })).status).toBe(404)
  })
})
