// The asset-tracking integration over HTTP (issue 17 "Asset-tracking integration", acceptance 2 and 3)
// against a local fake DataTrails speaking its token, assets, events and blobs APIs: credentials (secret
// sealed, write-only, sent only to the address it was saved for), a bad secret reported by the check,
// link (asset created once, found again), publish (the SBOM blob's digest matches the event and the
// download, one token for several calls), withdraw and re-publish recorded as events, history listing
// each, the 'rkvst' feature and the §6 roles, and no answer of these routes holding a secret or token.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { type FakeDataTrails, startFakeDataTrails } from '../../testing/fake-datatrails'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { leaks, membershipOf, RecordingApi, sessionFor } from '../admin/test-kit'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

describe.each(storageModes())('DataTrails integration on %s storage', (mode) => {
  let t: TestInstance
  let dt: FakeDataTrails
  let other: FakeDataTrails
  let api: RecordingApi
  let account = ''
  let pid = ''
  let report: { uuid: string; outcome: string; security: { score: number | null } }
  let sbomId = ''
  const auth = { admin: '', viewer: '', noFeature: '' }
  const base = () => `/api/v1/integrations/rkvst/accounts/${account}`
  const branchPath = () => `${base()}/projects/${pid}/main`
  const post = (path: string, body?: unknown, who = auth.admin) => api.call('POST', path, { auth: who, body })

  beforeAll(async () => {
    dt = await startFakeDataTrails()
    other = await startFakeDataTrails('other-client', 'other-secret-000000000000000000')
    t = await startTestInstance(mode, {
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_INTEGRATION_TIMEOUT_SECONDS: '2',
      SEXTANT_REGISTRATION: 'open',
    })
    api = new RecordingApi(t.url)
    const db = t.sextant.db
    account = (await membershipOf(db, TEST_ADMIN.email)).account
    const login = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    auth.admin = `Bearer ${login.json.accessToken}`
    await inviteAndAccept(t, auth.admin, account, { name: 'Viewer', email: 'viewer@dt.test', role: 'Viewer' })
    auth.viewer = await sessionFor(db, (await membershipOf(db, 'viewer@dt.test')).uuid)
    const carol = await signUp(t, { email: 'carol@nodt.test', password: 'carol-password-1' })
    await db.query("UPDATE accounts SET features = '{members,jira}' WHERE uuid = $1", [
      (await membershipOf(db, 'carol@nodt.test')).account,
    ])
    auth.noFeature = `Bearer ${carol.accessToken}`
    const token = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&private=true`, {
      method: 'POST',
      headers: token,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    report = (await waitForReport(t.url, pid, 'main', token)) as unknown as typeof report
  }, 90_000)
  afterAll(async () => {
    await t?.close()
    await dt?.close()
    await other?.close()
  })

  it('reports bad credentials as such and keeps the secret sealed and write-only', async () => {
    const get = await api.call('GET', `${base()}/credentials`, { auth: auth.admin })
    expect(get.json).toMatchObject({
      configured: false,
      clientSecretSet: false,
      baseUrl: 'https://app.datatrails.ai',
    })
    const bad = await post(`${base()}/credentials/check`, {
      baseUrl: dt.url,
      clientId: dt.clientId,
      clientSecret: 'wrong-secret',
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toMatch(/^DataTrails refused the client credentials \(HTTP 401\)/)
    const first = await post(`${base()}/credentials`, { baseUrl: dt.url, clientId: dt.clientId })
    expect(first.status).toBe(400)
    expect(first.json.message).toContain('clientSecret')
    const saved = await post(`${base()}/credentials`, {
      baseUrl: dt.url,
      clientId: dt.clientId,
      clientSecret: dt.clientSecret,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({
      configured: true,
      baseUrl: dt.url,
      clientId: dt.clientId,
      clientSecretSet: true,
    })
    const row = await t.sextant.db.query<{ row: string }>(
      'SELECT rkvst_credentials::text AS row FROM rkvst_credentials',
    )
    expect(row.rows[0]!.row).not.toContain(dt.clientSecret)
    const good = await post(`${base()}/credentials/check`, {})
    expect(good.status, good.text).toBe(200)
    expect(good.json.valid).toBe(true)
    // The stored secret goes to its own address only.
    const elsewhere = await post(`${base()}/credentials/check`, { baseUrl: other.url })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.json.message).toMatch(/clientSecret: the stored one was saved for/)
    expect(other.requests).toEqual([])
  })

  it('links a branch to one asset, found again after an unlink', async () => {
    const early = await post(`${branchPath()}/publish`)
    expect(early.status).toBe(400)
    expect(early.json.message).toContain('not linked')
    const linked = await post(`${branchPath()}/link`)
    expect(linked.status, linked.text).toBe(200)
    expect(linked.json).toMatchObject({ projectId: pid, branch: 'main', linked: true })
    expect(dt.assets).toHaveLength(1)
    expect(dt.assets[0]!.attributes).toMatchObject({ sextant_project: pid, sextant_branch: 'main' })
    expect(linked.json.assetIdentity).toBe(dt.assets[0]!.identity)
    expect((await post(`${branchPath()}/unlink`)).json.linked).toBe(false)
    const again = await post(`${branchPath()}/link`)
    expect(again.json.assetIdentity).toBe(dt.assets[0]!.identity)
    expect(dt.assets).toHaveLength(1)
    const list = await api.call('GET', `/api/v1/rkvst/accounts/${account}/projects`, { auth: auth.viewer })
    expect(list.status).toBe(200)
    expect(list.json).toEqual([
      expect.objectContaining({
        projectId: pid,
        branch: 'main',
        linked: true,
        assetIdentity: dt.assets[0]!.identity,
      }),
    ])
  })

  it('publishes the latest report: SBOM blob whose digest matches the event and the download', async () => {
    const published = await post(`${branchPath()}/publish`)
    expect(published.status, published.text).toBe(200)
    sbomId = String(published.json.id)
    expect(published.json).toMatchObject({ reportId: report.uuid, state: 'published', branch: 'main' })
    const blob = dt.blobs.at(-1)!
    const digest = createHash('sha256').update(blob.bytes).digest('hex')
    expect(published.json.sha256).toBe(digest)
    expect(published.json.blobIdentity).toBe(blob.identity)
    expect(JSON.parse(blob.bytes.toString('utf8'))).toMatchObject({ bomFormat: 'CycloneDX' })
    // The download through DataTrails' blobs API is the same file.
    const tokenRes = await fetch(`${dt.url}/archivist/iam/v1/appidp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: dt.clientId,
        client_secret: dt.clientSecret,
      }),
    })
    const { access_token } = (await tokenRes.json()) as { access_token: string }
    const download = await fetch(`${dt.url}/archivist/v1/${blob.identity}`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(
      createHash('sha256')
        .update(Buffer.from(await download.arrayBuffer()))
        .digest('hex'),
    ).toBe(digest)
    const event = dt.events.at(-1)!
    expect(event.asset_identity).toBe(dt.assets[0]!.identity)
    expect(event.event_attributes).toMatchObject({
      sextant_report: report.uuid,
      sextant_outcome: report.outcome,
      sextant_security_score: report.security.score === null ? 'not assessed' : String(report.security.score),
      sextant_sbom: sbomId,
      sextant_sbom_state: 'published',
      sextant_sbom_sha256: digest,
      sbom: {
        arc_attribute_type: 'arc_attachment',
        arc_blob_identity: blob.identity,
        arc_blob_hash_value: digest,
      },
    })
    // Link, unlink, link and publish used one cached token (the test's own download asked for another).
    expect(dt.tokensIssued()).toBe(2 + 1)
  })

  it('records a withdrawal and a new publication as events', async () => {
    const withdrawn = await post(`${base()}/sboms/${sbomId}/withdraw`)
    expect(withdrawn.status, withdrawn.text).toBe(200)
    expect(withdrawn.json).toMatchObject({ id: sbomId, state: 'withdrawn' })
    expect(dt.events.at(-1)!.event_attributes).toMatchObject({
      sextant_sbom: sbomId,
      sextant_sbom_state: 'withdrawn',
    })
    expect((await post(`${base()}/sboms/${sbomId}/withdraw`)).status).toBe(409)
    const again = await post(`${base()}/sboms/${sbomId}/publish`)
    expect(again.json).toMatchObject({ state: 'published', withdrawnAt: null })
    expect(dt.events.at(-1)!.event_attributes).toMatchObject({ sextant_sbom_state: 'published' })
    expect((await post(`${base()}/sboms/00000000-0000-4000-8000-000000000000/withdraw`)).status).toBe(404)
  })

  it('lists each action of the branch, newest first, with its result', async () => {
    const history = await api.call('GET', `${branchPath()}/history`, { auth: auth.viewer })
    expect(history.status).toBe(200)
    const rows = history.json as unknown as { action: string; ok: boolean; sbomId: string | null }[]
    expect(rows.map((r) => [r.action, r.ok])).toEqual([
      ['sbom-publish', true],
      ['sbom-withdraw', true],
      ['publish', true],
      ['link', true],
      ['unlink', true],
      ['link', true],
    ])
    expect(rows[2]!.sbomId).toBe(sbomId)
  })

  it('follows the §6 roles and the rkvst feature', async () => {
    for (const path of [
      `${branchPath()}/publish`,
      `${branchPath()}/link`,
      `${base()}/sboms/${sbomId}/withdraw`,
      `${base()}/credentials`,
    ]) {
      const r = await post(path, {}, auth.viewer)
      expect(r.status, path).toBe(403)
    }
    const none = await api.call('GET', '/api/v1/integrations/rkvst/accounts/me/credentials', {
      auth: auth.noFeature,
    })
    expect(none.status).toBe(403)
    expect(none.json.message).toContain("feature 'rkvst'")
  })

  it('never answers the secret or a token', () => {
    const tokens = dt.requests
      .map((r) => r.authorization?.replace('Bearer ', ''))
      .filter((v): v is string => !!v)
    const secrets = [dt.clientSecret, other.clientSecret, ...tokens].map((value) => ({
      value,
      createdBy: null,
    }))
    const mine = api.answers.filter((a) => a.path.includes('rkvst'))
    expect(mine.length).toBeGreaterThan(15)
    expect(leaks(mine, secrets)).toEqual([])
  })
})
