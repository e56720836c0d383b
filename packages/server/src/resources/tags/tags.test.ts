// Account tags over HTTP (spec accounts-and-api §7 "Tags", §6 area "tags"; issue 7) and the licence
// policies bound to a tag (issue 5): a DENY policy bound to tag 'legal-review' leaves a project alone
// until a tag of that name (any case) marks it, applies in the next recompute, and stops when the tag
// goes. Names are unique per account, projects must be the account's, other accounts see nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { membershipOf, sessionFor } from '../admin/test-kit'

const admin = `Token ${TEST_BOOTSTRAP_TOKEN}`

const sbom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'tagged-app', version: '1.0.0', 'bom-ref': 'root' } },
  components: [
    {
      type: 'library',
      'bom-ref': 'gpl-lib',
      name: 'gpl-lib',
      version: '1.0.0',
      purl: 'pkg:npm/gpl-lib@1.0.0',
      licenses: [{ license: { id: 'GPL-3.0-only' } }],
    },
  ],
  dependencies: [{ ref: 'root', dependsOn: ['gpl-lib'] }],
}

interface TagDto {
  id: string
  name: string
  projects: string[]
}
interface Doc {
  licensing: { reports: { results: { library: { name: string }; violations: { policyName: string }[] }[] }[] }
}

describe.each(storageModes())('tags on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  let viewer = ''
  let teamAdmin = ''
  let otherAdmin = ''
  const call = async (method: string, path: string, body?: unknown, auth = admin) => {
    const r = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        authorization: auth,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: r.status, json: (await r.json()) as Record<string, unknown> & TagDto & TagDto[] }
  }
  const history = async () => (await call('GET', `/api/v1/reports/${pid}/history?branch=main`)).json.length
  async function violationsAfterRecompute(): Promise<string[]> {
    const before = await history()
    expect((await call('POST', `/api/v1/reports/${pid}/full?branch=main`)).status).toBe(202)
    const deadline = Date.now() + 20_000
    while ((await history()) === before) {
      if (Date.now() > deadline) throw new Error('no recomputed report')
      await new Promise((r) => setTimeout(r, 100))
    }
    const doc = (await call('GET', `/api/v1/reports/${pid}/full?branch=main`)).json as unknown as Doc
    return doc.licensing.reports
      .flatMap((r) => r.results)
      .flatMap((r) => r.violations.map((v) => `${r.library.name}: ${v.policyName}`))
  }

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_OFFLINE: 'true', SEXTANT_REGISTRATION: 'open' })
    const form = new FormData()
    form.append('file', new Blob([JSON.stringify(sbom)]), 'bom.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      headers: { authorization: admin },
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', { authorization: admin })
    for (const role of ['Viewer', 'TeamAdministrator'] as const) {
      const email = `${role.toLowerCase()}@tags.test`
      await inviteAndAccept(t, admin, 'me', { name: role, email, role })
      const session = await sessionFor(t.sextant.db, (await membershipOf(t.sextant.db, email)).uuid)
      if (role === 'Viewer') viewer = session
      else teamAdmin = session
    }
    const bob = await signUp(t, { email: 'bob@other.test', password: 'bob-password-12' })
    otherAdmin = `Bearer ${bob.accessToken}`
  }, 60_000)
  afterAll(async () => t?.close())

  it('applies a tag-bound licence policy only while a tag of that name marks the project', async () => {
    const policy = await call('POST', '/api/v1/accounts/me/policies/licenses', {
      name: 'No GPL under review',
      kind: 'DENY',
      licences: ['GPL-3.0-only'],
      tags: ['legal-review'],
    })
    expect(policy.status).toBe(200)
    expect(await violationsAfterRecompute()).toEqual([])

    const created = await call('POST', '/api/v1/accounts/me/tags', { name: 'Legal-Review', projects: [pid] })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({ name: 'Legal-Review', projects: [pid] })
    expect(await violationsAfterRecompute()).toEqual(['gpl-lib: No GPL under review'])

    const renamed = await call('POST', `/api/v1/accounts/me/tags/${created.json.id}`, { name: 'cleared' })
    expect(renamed.json).toMatchObject({ name: 'cleared', projects: [pid] })
    expect(await violationsAfterRecompute()).toEqual([])

    expect(
      (await call('POST', `/api/v1/accounts/me/tags/${created.json.id}`, { name: 'legal-review' })).status,
    ).toBe(200)
    const untagged = await call('POST', `/api/v1/accounts/me/tags/${created.json.id}`, { projects: [] })
    expect(untagged.json).toMatchObject({ name: 'legal-review', projects: [] })
    expect(await violationsAfterRecompute()).toEqual([])

    const removed = await call('DELETE', `/api/v1/accounts/me/tags/${created.json.id}`)
    expect(removed.status).toBe(200)
    expect((await call('GET', '/api/v1/accounts/me/tags')).json).toEqual([])
  }, 90_000)

  it('refuses bad input with a clear 400 or 409 and changes nothing', async () => {
    const kept = await call('POST', '/api/v1/accounts/me/tags', { name: 'production' })
    expect(kept.status).toBe(200)
    const missing = '00000000-0000-4000-8000-00000000beef'
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', '/api/v1/accounts/me/tags', {}, 400, /body\.name: A tag name is 1 to 64 characters/],
      ['POST', '/api/v1/accounts/me/tags', { name: '   ' }, 400, /A tag name is 1 to 64/],
      ['POST', '/api/v1/accounts/me/tags', { name: 'x'.repeat(65) }, 400, /A tag name is 1 to 64/],
      [
        'POST',
        '/api/v1/accounts/me/tags',
        { name: 'PRODUCTION' },
        409,
        /already has a tag named 'PRODUCTION'/,
      ],
      [
        'POST',
        '/api/v1/accounts/me/tags',
        { name: 'new', projects: [missing] },
        400,
        /not in this account: 0{8}/,
      ],
      ['POST', '/api/v1/accounts/me/tags', { name: 'new', projects: ['p1'] }, 400, /by its uuid/],
      ['POST', `/api/v1/accounts/me/tags/${kept.json.id}`, {}, 400, /Send a new name or the projects/],
      ['POST', `/api/v1/accounts/me/tags/${missing}`, { name: 'a' }, 404, /There is no tag/],
      ['DELETE', '/api/v1/accounts/me/tags/not-a-uuid', undefined, 404, /There is no tag not-a-uuid/],
    ]
    for (const [method, path, body, status, message] of cases) {
      const r = await call(method, path, body)
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status)
      expect(String(r.json.message)).toMatch(message)
    }
    expect((await call('GET', '/api/v1/accounts/me/tags')).json.map((tag) => tag.name)).toEqual([
      'production',
    ])
  })

  it('follows the §6 matrix and keeps tags inside their account', async () => {
    const tag = (await call('GET', '/api/v1/accounts/me/tags')).json[0]!
    expect((await call('GET', '/api/v1/accounts/me/tags', undefined, viewer)).json).toHaveLength(1)
    expect((await call('POST', '/api/v1/accounts/me/tags', { name: 'mine' }, viewer)).status).toBe(403)
    // Team administrators create tags but do not edit or delete them.
    expect(
      (await call('POST', '/api/v1/accounts/me/tags', { name: 'team-made', projects: [pid] }, teamAdmin))
        .status,
    ).toBe(200)
    expect((await call('POST', `/api/v1/accounts/me/tags/${tag.id}`, { name: 'x' }, teamAdmin)).status).toBe(
      403,
    )
    expect((await call('DELETE', `/api/v1/accounts/me/tags/${tag.id}`, undefined, teamAdmin)).status).toBe(
      403,
    )
    expect((await fetch(`${t.url}/api/v1/accounts/me/tags`)).status).toBe(401)

    // Another account sees none of these, cannot reach them by id, nor tag this account's project.
    expect((await call('GET', '/api/v1/accounts/me/tags', undefined, otherAdmin)).json).toEqual([])
    expect((await call('POST', `/api/v1/accounts/me/tags/${tag.id}`, { name: 'x' }, otherAdmin)).status).toBe(
      404,
    )
    expect((await call('DELETE', `/api/v1/accounts/me/tags/${tag.id}`, undefined, otherAdmin)).status).toBe(
      404,
    )
    const foreign = await call(
      'POST',
      '/api/v1/accounts/me/tags',
      { name: 'production', projects: [pid] },
      otherAdmin,
    )
    expect(foreign.status).toBe(400)
    expect(String(foreign.json.message)).toContain(pid)
    // The same name is free in another account.
    expect((await call('POST', '/api/v1/accounts/me/tags', { name: 'production' }, otherAdmin)).status).toBe(
      200,
    )
    expect((await call('GET', '/api/v1/accounts/me/tags')).json.map((x) => x.name)).toEqual([
      'production',
      'team-made',
    ])
  })
})
