// The issue-tracker integration over HTTP (accounts-and-api §7 "Issue tracker", §6, §8; report-page §3
// Advice.jira and Report.jiraInfo) against a local fake Jira: the account's site with a write-only
// token (encrypted at rest, never answered), checks (200 or 400 with the reason), Jira's projects and
// issue types, a project's settings, issues created from a report's advice and shown on the report,
// the 'jira' feature gate and the §6 roles.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type JiraIssueMeta, jiraMessages } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { FAKE_JIRA_PRIORITIES, type FakeJira, startFakeJira } from '../../testing/fake-jira'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { type Loose, membershipOf, RecordingApi, sessionFor } from '../admin/test-kit'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const advisory = {
  id: 'GHSA-test-ms00-0003',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0003'],
  summary: 'ms is slow on long strings',
  details: 'A regular expression in **ms** takes quadratic time on long input.',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}

type Advices = { security: { assessments: { reports: { advices: Loose[] }[] }[] }; jiraInfo?: unknown }
const advicesOf = (report: Advices) =>
  report.security.assessments.flatMap((a) => a.reports).flatMap((r) => r.advices)

describe.each(storageModes())('jira integration on %s storage', (mode) => {
  let t: TestInstance
  let jira: FakeJira
  let api: RecordingApi
  let account = ''
  let pid = ''
  let reportId = ''
  let adviceId = ''
  const auth = { admin: '', viewer: '', collaborator: '', other: '', noFeature: '' }
  const base = () => `/api/v1/integrations/jira/accounts/${account}`

  beforeAll(async () => {
    jira = await startFakeJira()
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_JIRA_TIMEOUT_SECONDS: '1',
      SEXTANT_REGISTRATION: 'open',
    })
    api = new RecordingApi(t.url)
    const deadline = Date.now() + 30_000
    for (;;) {
      const stats = await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).text()
      if (stats.includes('"npm"') || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const db = t.sextant.db
    const feature = (uuid: string) =>
      db.query("UPDATE accounts SET features = array_append(features, 'jira') WHERE uuid = $1", [uuid])
    account = (await membershipOf(db, TEST_ADMIN.email)).account
    await feature(account)
    const login = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    auth.admin = `Bearer ${login.json.accessToken}`
    for (const role of ['Viewer', 'Collaborator'] as const) {
      const email = `${role.toLowerCase()}@admin.test`
      await inviteAndAccept(t, auth.admin, account, { name: role, email, role })
      auth[role === 'Viewer' ? 'viewer' : 'collaborator'] = await sessionFor(
        db,
        (await membershipOf(db, email)).uuid,
      )
    }
    const bob = await signUp(t, { email: 'bob@other.test', password: 'bob-password-12' })
    await feature((await membershipOf(db, 'bob@other.test')).account)
    auth.other = `Bearer ${bob.accessToken}`
    const carol = await signUp(t, { email: 'carol@third.test', password: 'carol-password-1' })
    // an account whose plan lacks the integration (new accounts get every feature of their plan)
    await db.query("UPDATE accounts SET features = '{members}' WHERE uuid = $1", [
      (await membershipOf(db, 'carol@third.test')).account,
    ])
    auth.noFeature = `Bearer ${carol.accessToken}`

    const token = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
    form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&private=true`, {
      method: 'POST',
      headers: token,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    const report = (await waitForReport(t.url, pid, 'main', token)) as Advices & { uuid: string }
    reportId = report.uuid
    adviceId = String(advicesOf(report)[0]!.id)
  }, 90_000)
  afterAll(async () => {
    await t?.close()
    await jira?.close()
  })

  it('keeps the account site with a write-only token, encrypted at rest', async () => {
    const empty = await api.call('GET', `${base()}/config`, { auth: auth.admin })
    expect(empty.status).toBe(200)
    expect(empty.json).toMatchObject({ configured: false, baseUrl: null, apiTokenSet: false })

    const noToken = await api.call('POST', `${base()}/config`, {
      auth: auth.admin,
      body: { baseUrl: jira.url, email: jira.email },
    })
    expect(noToken.status).toBe(400)
    expect(noToken.json.message).toContain('apiToken')
    const badUrl = await api.call('POST', `${base()}/config`, {
      auth: auth.admin,
      body: { baseUrl: 'ftp://jira.example.test', email: jira.email, apiToken: 'x' },
    })
    expect(badUrl.status).toBe(400)
    expect(badUrl.json.message).toContain('body.baseUrl')
    const badEmail = await api.call('POST', `${base()}/config`, {
      auth: auth.admin,
      body: { baseUrl: jira.url, email: 'not-an-address', apiToken: 'x' },
    })
    expect(badEmail.json.message).toContain('body.email')

    const saved = await api.call('POST', `${base()}/config`, {
      auth: auth.admin,
      body: { baseUrl: `${jira.url}/`, email: jira.email, apiToken: jira.apiToken },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({
      configured: true,
      baseUrl: jira.url,
      email: jira.email,
      apiTokenSet: true,
    })
    // Saving again without a token keeps the stored one.
    const kept = await api.call('POST', `${base()}/config`, {
      auth: auth.admin,
      body: { baseUrl: jira.url, email: jira.email },
    })
    expect(kept.status).toBe(200)
    const { rows } = await t.sextant.db.query<{ api_token_encrypted: string }>(
      'SELECT api_token_encrypted FROM jira_account_configs WHERE account_uuid = $1',
      [account],
    )
    expect(rows[0]!.api_token_encrypted).not.toContain(jira.apiToken)
    expect(Buffer.from(rows[0]!.api_token_encrypted, 'base64').toString('latin1')).not.toContain(
      jira.apiToken,
    )
  })

  it('checks the credentials with Jira: 200 when valid, 400 with the reason otherwise (§8)', async () => {
    const ok = await api.call('POST', `${base()}/config/check`, { auth: auth.admin })
    expect(ok.status).toBe(200)
    expect(ok.json).toEqual({ valid: true, message: `Connected to ${jira.url} as Jira Bot.` })
    const myself = jira.requests.findLast((r) => r.path === '/rest/api/2/myself')!
    expect(myself.authorization).toBe(
      `Basic ${Buffer.from(`${jira.email}:${jira.apiToken}`).toString('base64')}`,
    )

    const wrong = await api.call('POST', `${base()}/config/check`, {
      auth: auth.admin,
      body: { apiToken: 'not-the-token' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.message).toBe('Jira refused the credentials (HTTP 401): check email and apiToken.')

    const nowhere = await api.call('POST', `${base()}/config/check`, {
      auth: auth.admin,
      // Another site needs the token again (the stored one goes only to its own: jira-secrets.test.ts).
      body: { baseUrl: 'http://127.0.0.1:1', apiToken: 'a-token-for-that-site' },
    })
    expect(nowhere.status).toBe(502)
    expect(nowhere.json.message).toContain('did not answer GET /rest/api/2/myself')

    jira.setDelay(1500)
    try {
      const slow = await api.call('POST', `${base()}/config/check`, { auth: auth.admin })
      expect(slow.status).toBe(502)
      expect(slow.json.message).toContain('timed out')
    } finally {
      jira.setDelay(0)
    }
  })

  it("lists Jira's projects and a project's issue types with their required fields", async () => {
    const list = await api.call('GET', `${base()}/jiraprojects`, { auth: auth.viewer })
    expect(list.status).toBe(200)
    expect(list.json).toEqual([
      { id: '10010', key: 'OPS', name: 'Operations' },
      { id: '10000', key: 'SEC', name: 'Security' },
    ])
    const meta = await api.call('GET', `${base()}/jiraprojects/SEC/issues/meta`, { auth: auth.viewer })
    expect(meta.status).toBe(200)
    expect(meta.json.projectKey).toBe('SEC')
    const types = meta.json.issueTypes as unknown as { name: string; requiredFields: string[] }[]
    expect(types.map((x) => x.name)).toEqual(['Bug', 'Task', 'Vulnerability'])
    expect(types.find((x) => x.name === 'Vulnerability')!.requiredFields).toEqual(['Severity'])
    expect(types.find((x) => x.name === 'Bug')!.requiredFields).toEqual([])
    // report-page §5: the priority field's allowed values, highest first; none for a type without it.
    const priorities = (name: string) =>
      (meta.json.issueTypes as unknown as JiraIssueMeta['issueTypes']).find((x) => x.name === name)!
        .priorities
    expect(priorities('Bug')).toEqual(FAKE_JIRA_PRIORITIES)
    expect(priorities('Vulnerability')).toEqual([])
    const unknown = await api.call('GET', `${base()}/jiraprojects/NOPE/issues/meta`, { auth: auth.viewer })
    expect(unknown.status).toBe(400)
    expect(unknown.json.message).toContain('key: Jira has no project NOPE')
    const badKey = await api.call('GET', `${base()}/jiraprojects/lower/issues/meta`, { auth: auth.viewer })
    expect(badKey.status).toBe(400)
    expect(badKey.json.message).toContain('path.key')
  })

  it("sets and checks a project's Jira settings", async () => {
    const empty = await api.call('GET', `${base()}/projects/${pid}/config`, { auth: auth.viewer })
    expect(empty.json).toMatchObject({ configured: false, projectKey: null, labels: [] })
    const bad = await api.call('POST', `${base()}/projects/${pid}/config`, {
      auth: auth.admin,
      body: { projectKey: 'sec', issueType: 'Bug' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain('body.projectKey')
    const spaced = await api.call('POST', `${base()}/projects/${pid}/config`, {
      auth: auth.admin,
      body: { projectKey: 'SEC', issueType: 'Bug', labels: ['two words'] },
    })
    expect(spaced.json.message).toContain('body.labels.0')
    const viewer = await api.call('POST', `${base()}/projects/${pid}/config`, {
      auth: auth.viewer,
      body: { projectKey: 'SEC', issueType: 'Bug' },
    })
    expect(viewer.status).toBe(403)
    const saved = await api.call('POST', `${base()}/projects/${pid}/config`, {
      auth: auth.collaborator,
      body: { projectKey: 'SEC', issueType: 'Bug', labels: ['sextant', 'security', 'sextant'] },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({
      configured: true,
      projectKey: 'SEC',
      issueType: 'Bug',
      labels: ['sextant', 'security'],
    })

    const ok = await api.call('POST', `${base()}/projects/${pid}/config/check`, { auth: auth.admin })
    expect(ok.json).toEqual({ valid: true, message: 'Issues go to Security (SEC) as Bug.' })
    const noType = await api.call('POST', `${base()}/projects/${pid}/config/check`, {
      auth: auth.admin,
      body: { issueType: 'Epic' },
    })
    expect(noType.status).toBe(400)
    expect(noType.json.message).toBe(
      "issueType: Jira project SEC has no issue type 'Epic' (it has Bug, Task, Vulnerability).",
    )
    const noProject = await api.call('POST', `${base()}/projects/${pid}/config/check`, {
      auth: auth.admin,
      body: { projectKey: 'NOPE' },
    })
    expect(noProject.status).toBe(400)
    expect(noProject.json.message).toContain('projectKey: Jira has no project NOPE')
  })

  it('creates one issue per advice (201), lists it and shows it on the report', async () => {
    const path = `${base()}/projects/${pid}/issues`
    const body = {
      reportId,
      adviceId,
      summary: `${adviceId} in ms 2.1.3`,
      description: '**Upgrade** ms to 2.1.4.',
      labels: ['npm'],
      priority: '2',
    }
    expect((await api.call('POST', path, { auth: auth.viewer, body })).status).toBe(403)
    const missing = await api.call('POST', path, {
      auth: auth.admin,
      body: { ...body, adviceId: 'GHSA-none' },
    })
    expect(missing.status).toBe(404)
    expect(missing.json.message).toContain('adviceId')
    const empty = await api.call('POST', path, { auth: auth.admin, body: { ...body, summary: ' ' } })
    expect(empty.status).toBe(400)
    expect(empty.json.message).toContain('body.summary')
    // report-page §5: summary and priority are mandatory when the issue type has a priority field.
    const { priority: _, ...noPriority } = body
    const unprioritised = await api.call('POST', path, { auth: auth.admin, body: noPriority })
    expect(unprioritised.status).toBe(400)
    expect(unprioritised.json.message).toBe(
      'priority: Jira issue type Bug has a priority field; choose one of Highest, High, Medium, Low, Lowest.',
    )
    const unknownPriority = await api.call('POST', path, {
      auth: auth.admin,
      body: { ...body, priority: '9' },
    })
    expect(unknownPriority.status).toBe(400)
    expect(unknownPriority.json.message).toBe(
      'priority: Jira issue type Bug has no priority 9 (it allows Highest, High, Medium, Low, Lowest).',
    )
    const noField = await api.call('POST', path, {
      auth: auth.admin,
      body: { ...body, issueType: 'Vulnerability' },
    })
    expect(noField.status).toBe(400)
    expect(noField.json.message).toBe('priority: Jira issue type Vulnerability has no priority field.')
    const refused = await api.call('POST', path, {
      auth: auth.admin,
      body: { ...noPriority, issueType: 'Vulnerability' },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe(
      'Jira answered HTTP 400 to POST /rest/api/2/issue: customfield_10050: Severity is required.',
    )

    const created = await api.call('POST', path, { auth: auth.collaborator, body })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      adviceId,
      reportId,
      key: 'SEC-1',
      url: `${jira.url}/browse/SEC-1`,
      issueType: 'Bug',
      summary: body.summary,
    })
    expect(jira.issues.at(-1)!.fields).toEqual({
      project: { key: 'SEC' },
      issuetype: { name: 'Bug' },
      summary: body.summary,
      description: body.description,
      labels: ['sextant', 'security', 'npm'],
      priority: { id: '2', name: 'High' },
    })
    const again = await api.call('POST', path, { auth: auth.admin, body })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(jiraMessages.alreadyCreated('SEC-1'))

    const list = await api.call('GET', path, { auth: auth.viewer })
    expect(list.status).toBe(200)
    expect(list.json).toEqual([created.json])

    for (const gzip of [false, true]) {
      const res = await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, {
        headers: { authorization: auth.viewer, 'accept-encoding': gzip ? 'gzip' : 'identity' },
      })
      const report = (await res.json()) as Advices
      expect(advicesOf(report).find((a) => a.id === (adviceId as unknown))!.jira).toEqual({
        id: created.json.id,
        key: 'SEC-1',
        url: `${jira.url}/browse/SEC-1`,
      })
      expect(report.jiraInfo).toEqual({ siteUrl: jira.url, projectKey: 'SEC', issueType: 'Bug', issues: 1 })
    }
    // Outsiders of a public project read it without its Jira (§6: only with the account's feature).
    await t.sextant.db.query('UPDATE projects SET is_public = true WHERE uuid = $1', [pid])
    try {
      for (const who of [auth.other, null]) {
        const res = await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, {
          headers: who ? { authorization: who } : {},
        })
        expect(res.status).toBe(200)
        const text = await res.text()
        expect(text).not.toContain('SEC-1')
        expect((JSON.parse(text) as Advices).jiraInfo).toBeUndefined()
      }
    } finally {
      await t.sextant.db.query('UPDATE projects SET is_public = false WHERE uuid = $1', [pid])
    }
  })

  it('needs the jira feature, keeps other accounts out and never answers the token', async () => {
    const carolAccount = (await membershipOf(t.sextant.db, 'carol@third.test')).account
    const off = await api.call('GET', `/api/v1/integrations/jira/accounts/${carolAccount}/config`, {
      auth: auth.noFeature,
    })
    expect(off.status).toBe(403)
    expect(off.json.message).toBe(jiraMessages.noFeature)
    const offMe = await api.call('GET', '/api/v1/integrations/jira/accounts/me/jiraprojects', {
      auth: auth.noFeature,
    })
    expect(offMe.status).toBe(403)

    for (const path of ['config', `projects/${pid}/config`, `projects/${pid}/issues`, 'jiraprojects']) {
      const r = await api.call('GET', `${base()}/${path}`, { auth: auth.other })
      expect(r.status, path).toBe(404)
    }
    // Bob's own account: Alice's project is not one of his.
    const bobsOwn = await api.call('GET', `/api/v1/integrations/jira/accounts/me/projects/${pid}/issues`, {
      auth: auth.other,
    })
    expect(bobsOwn.status).toBe(404)
    const unconfigured = await api.call('GET', '/api/v1/integrations/jira/accounts/me/jiraprojects', {
      auth: auth.other,
    })
    expect(unconfigured.status).toBe(400)
    expect(unconfigured.json.message).toBe(jiraMessages.notConfigured)
    expect((await api.call('POST', `${base()}/config`, { auth: auth.collaborator, body: {} })).status).toBe(
      403,
    )

    for (const answer of api.answers)
      expect(answer.text, `${answer.method} ${answer.path}`).not.toContain(jira.apiToken)
  })
})
