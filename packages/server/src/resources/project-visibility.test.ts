// Private by default, public when made so (issue 14 "Private by default … unless made public"): a member's
// upload is private; PUT /api/v1/projects/{id}/visibility opens it to anonymous readers and closes it
// again, and lists it on GET /api/v1/projects/public meanwhile; a Viewer of the account may not, nor may
// anyone outside it. Both storages.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { adminAuth, startTestInstance, TEST_ADMIN, type TestInstance } from '../testing/instance'
import { memberInNewAccount, memberOfAccount, membershipOf } from './admin/test-kit'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

describe.each(storageModes())('project visibility on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  let admin: Record<string, string> = {}
  const visibility = (headers: Record<string, string>, isPublic: boolean) =>
    fetch(`${t.url}/api/v1/projects/${pid}/visibility`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ isPublic }),
    })
  const anonymousStatus = async () => (await fetch(`${t.url}/api/v1/projects/${pid}`)).status
  const listedPublicly = async () =>
    ((await (await fetch(`${t.url}/api/v1/projects/public`)).json()) as { uuid: string }[]).some(
      (p) => p.uuid === pid,
    )

  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
    admin = await adminAuth(t.url)
    const form = new FormData()
    for (const f of ['package.json', 'package-lock.json'])
      form.append('file', new Blob([new Uint8Array(fixture(f))]), f)
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
  }, 60_000)
  afterAll(async () => t?.close())

  it('keeps a member’s upload private until it is made public, and private again', async () => {
    expect(await anonymousStatus()).toBe(404)
    expect(await listedPublicly()).toBe(false)
    const opened = await visibility(admin, true)
    expect(opened.status).toBe(200)
    expect(((await opened.json()) as { isPublic: boolean }).isPublic).toBe(true)
    expect(await anonymousStatus()).toBe(200)
    // the anonymous home page lists the public projects of every account, this member's included
    expect(await listedPublicly()).toBe(true)
    const closed = await visibility(admin, false)
    expect(((await closed.json()) as { isPublic: boolean }).isPublic).toBe(false)
    expect(await anonymousStatus()).toBe(404)
    expect(await listedPublicly()).toBe(false)
  })

  it('refuses a Viewer of the account, anyone outside it and anonymous callers', async () => {
    const db = t.sextant.db
    const account = (await membershipOf(db, TEST_ADMIN.email)).account
    const viewer = await memberOfAccount(db, account, 'vera.viewer@visibility.test', 'Viewer')
    const outsider = await memberInNewAccount(db, 'otto.outsider@visibility.test')
    expect((await visibility({ authorization: viewer.auth }, true)).status).toBe(403)
    expect((await visibility({ authorization: outsider.auth }, true)).status).toBe(404)
    expect((await visibility({}, true)).status).toBe(401)
    expect(await anonymousStatus()).toBe(404)
  })
})
