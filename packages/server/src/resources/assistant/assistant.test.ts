// The assistant chat service over HTTP (accounts-and-api §7 "Assistant chat service"; report-page §4
// "AI chat", §5): the NDJSON stream in order against a local OpenAI-compatible server, the prompt built
// from the advice without secrets, follow-up questions with the history, 503 when unconfigured, §6
// permissions and the account feature, the limits, and an upstream failure before and during a stream.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assistantMessages } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { type FakeAssistant, startFakeAssistant } from '../../testing/fake-assistant'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { membershipOf, sessionFor } from '../admin/test-kit'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const advisory = {
  id: 'GHSA-test-ms00-0002',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0002'],
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

interface Line {
  type: string
  value: unknown
}
const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)

/** Waits for the start-up sync of the ms advisory, uploads the tiny app and answers its first report. */
async function tinyAppReport(url: string, query = '') {
  const deadline = Date.now() + 30_000
  for (;;) {
    const stats = await (await fetch(`${url}/api/v1/stats/advisories-dbs`)).text()
    if (stats.includes('"npm"') || Date.now() > deadline) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const token = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
  form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
  const up = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main${query}`, {
    method: 'POST',
    headers: token,
    body: form,
  })
  expect(up.status).toBe(202)
  const pid = ((await up.json()) as { projectUuid: string }).projectUuid
  const report = (await waitForReport(url, pid, 'main', token)) as {
    uuid: string
    downloadKey: string
    security: { assessments: { reports: { advices: { id: string }[] }[] }[] }
  }
  const adviceId = report.security.assessments.flatMap((a) => a.reports).flatMap((r) => r.advices)[0]!.id
  return { pid, reportId: report.uuid, downloadKey: report.downloadKey, adviceId }
}

describe.each(storageModes())('assistant chat on %s storage', (mode) => {
  let t: TestInstance
  let fake: FakeAssistant
  let pid = ''
  let reportId = ''
  let adviceId = ''
  let downloadKey = ''
  const auth: Record<'admin' | 'viewer' | 'other' | 'noFeature', string> = {
    admin: '',
    viewer: '',
    other: '',
    noFeature: '',
  }
  const call = (method: string, path: string, who: string | null, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(who ? { authorization: who } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const aroundVulnerability = (who: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/barista/conversations/around_vulnerability', who, {
      projectId: pid,
      reportId,
      adviceId,
      ...extra,
    })
  const ask = (who: string, id: string, question: string) =>
    call('PUT', `/api/v1/barista/conversations/${id}/ask`, who, { question })

  beforeAll(async () => {
    fake = await startFakeAssistant()
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_ASSISTANT_URL: fake.url,
      SEXTANT_ASSISTANT_API_KEY: 'sk-test-upstream-key',
      SEXTANT_REGISTRATION: 'open',
      SEXTANT_ASSISTANT_MODEL: 'test-model',
      SEXTANT_ASSISTANT_TIMEOUT_SECONDS: '1',
      SEXTANT_ASSISTANT_MAX_QUESTIONS: '2',
    })
    ;({ pid, reportId, downloadKey, adviceId } = await tinyAppReport(t.url, '&private=true'))

    const db = t.sextant.db
    // The assistant feature (§6 hasChaiFeature) for the admin's and bob's accounts, not carol's; set
    // before their first authenticated call (principals are cached for a few seconds).
    const chai = (account: string) =>
      db.query("UPDATE accounts SET features = array_append(features, 'chai') WHERE uuid = $1", [account])
    const adminAccount = (await membershipOf(db, TEST_ADMIN.email)).account
    await chai(adminAccount)
    const login = await call('POST', '/api/v1/credentials/login', null, TEST_ADMIN)
    auth.admin = `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`
    await inviteAndAccept(t, auth.admin, adminAccount, {
      name: 'Vera Viewer',
      email: 'viewer@admin.test',
      role: 'Viewer',
    })
    auth.viewer = await sessionFor(db, (await membershipOf(db, 'viewer@admin.test')).uuid)
    const bob = await signUp(t, { email: 'bob@other.test', password: 'bob-password-12' })
    await chai((await membershipOf(db, 'bob@other.test')).account)
    auth.other = `Bearer ${bob.accessToken}`
    const carol = await signUp(t, { email: 'carol@third.test', password: 'carol-password-1' })
    // an account whose plan lacks the assistant (new accounts get every feature of their plan)
    await db.query("UPDATE accounts SET features = '{members}' WHERE uuid = $1", [
      (await membershipOf(db, 'carol@third.test')).account,
    ])
    auth.noFeature = `Bearer ${carol.accessToken}`
  }, 90_000)
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  it('pings healthy with the configured model', async () => {
    const res = await call('GET', '/admin/server/barista/ping', auth.admin)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ healthy: true, model: 'test-model', source: 'model' })
    expect((await call('GET', '/admin/server/barista/ping', null)).status).toBe(401)
  })

  it('streams conversation, the pieces as they arrive, then finalAnswer; the prompt holds the advice and no secret', async () => {
    fake.setAnswer(['Upgrade ', '`ms` to ', '2.1.4.'])
    const before = fake.requests.length
    const res = await aroundVulnerability(auth.admin)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/x-ndjson')
    const lines = linesOf(await res.text())
    expect(lines.map((l) => l.type)).toEqual([
      'conversation',
      'streaming',
      'streaming',
      'streaming',
      'finalAnswer',
    ])
    expect(lines.slice(1, 4).map((l) => l.value)).toEqual(['Upgrade ', '`ms` to ', '2.1.4.'])
    expect(lines[4]!.value).toBe('Upgrade `ms` to 2.1.4.')
    expect((lines[0]!.value as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)

    const sent = fake.requests[before]!
    expect(sent.body.model).toBe('test-model')
    expect(sent.body.stream).toBe(true)
    expect(sent.headers.authorization).toBe('Bearer sk-test-upstream-key')
    const prompt = sent.body.messages!.map((m) => m.content).join('\n')
    expect(sent.body.messages!.map((m) => m.role)).toEqual(['system', 'user'])
    expect(prompt).toContain(adviceId)
    expect(prompt).toContain('CVE-2099-0002')
    expect(prompt).toContain('ms 2.1.3')
    expect(prompt).toContain('Fixed in: 2.1.4')
    expect(prompt).toContain('quadratic time')
    for (const secret of [downloadKey, TEST_BOOTSTRAP_TOKEN, TEST_ADMIN.email, auth.admin.slice(7)])
      expect(prompt).not.toContain(secret)
  })

  it('answers a follow-up with the whole conversation, and limits the questions', async () => {
    fake.setAnswer(['First answer.'])
    const started = linesOf(await (await aroundVulnerability(auth.admin)).text())
    const id = (started[0]!.value as { id: string }).id
    fake.setAnswer(['Yes, ', 'it is.'])
    const before = fake.requests.length
    const res = await ask(auth.admin, id, 'Is my app affected?')
    expect(res.status).toBe(200)
    const lines = linesOf(await res.text())
    expect(lines).toEqual([
      { type: 'conversation', value: { id } },
      { type: 'streaming', value: 'Yes, ' },
      { type: 'streaming', value: 'it is.' },
      { type: 'finalAnswer', value: 'Yes, it is.' },
    ])
    const messages = fake.requests[before]!.body.messages!
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(messages[2]!.content).toBe('First answer.')
    expect(messages[3]!.content).toBe('Is my app affected?')

    expect((await ask(auth.admin, id, 'And the second?')).status).toBe(200)
    const third = await ask(auth.admin, id, 'A third?')
    expect(third.status).toBe(409)
    expect(((await third.json()) as { message: string }).message).toContain('limit of 2 questions')
  })

  it('refuses a second question while the first is still being answered', async () => {
    fake.setAnswer(['Started.'])
    const started = linesOf(await (await aroundVulnerability(auth.admin)).text())
    const id = (started[0]!.value as { id: string }).id
    fake.setAnswer(['Slow ', 'answer.'])
    fake.setDelay(300)
    try {
      const first = await ask(auth.admin, id, 'First?')
      expect(first.status).toBe(200)
      const second = await ask(auth.admin, id, 'Second?')
      expect(second.status).toBe(409)
      expect(((await second.json()) as { message: string }).message).toContain('still answering')
      expect(linesOf(await first.text()).at(-1)).toEqual({ type: 'finalAnswer', value: 'Slow answer.' })
    } finally {
      fake.setDelay(0)
    }
    fake.setAnswer(['Next.'])
    expect(linesOf(await (await ask(auth.admin, id, 'Now?')).text()).at(-1)).toEqual({
      type: 'finalAnswer',
      value: 'Next.',
    })
  })

  it('refuses an empty or too long question, a missing advice and an unknown advice', async () => {
    const started = linesOf(await (await aroundVulnerability(auth.admin)).text())
    const id = (started[0]!.value as { id: string }).id
    const empty = await ask(auth.admin, id, '   ')
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { message: string }).message).toContain(assistantMessages.emptyQuestion)
    const long = await ask(auth.admin, id, 'x'.repeat(2001))
    expect(long.status).toBe(400)
    expect(((await long.json()) as { message: string }).message).toContain('at most 2000 characters')
    const noAdvice = await call('POST', '/api/v1/barista/conversations/around_vulnerability', auth.admin, {
      projectId: pid,
      reportId,
    })
    expect(noAdvice.status).toBe(400)
    expect(((await noAdvice.json()) as { message: string }).message).toContain(assistantMessages.noAdvice)
    const unknown = await aroundVulnerability(auth.admin, { adviceId: 'GHSA-none' })
    expect(unknown.status).toBe(404)
  })

  it('starts a summary conversation from the report summary', async () => {
    fake.setAnswer(['Fix ms first.'])
    const before = fake.requests.length
    const res = await call('POST', '/api/v1/barista/conversations/with_summary', auth.admin, {
      projectId: pid,
      reportId,
    })
    expect(linesOf(await res.text()).map((l) => l.type)).toEqual(['conversation', 'streaming', 'finalAnswer'])
    const prompt = fake.requests[before]!.body.messages![1]!.content
    expect(prompt).toMatch(/Components: \d+/)
    expect(prompt).toContain('ms 2.1.3')
    expect(prompt).not.toContain(downloadKey)
  })

  it('keeps conversations to their member and account (§6) and needs the account feature', async () => {
    fake.setAnswer(['Mine.'])
    const started = linesOf(await (await aroundVulnerability(auth.admin)).text())
    const id = (started[0]!.value as { id: string }).id
    // A Viewer of the same account may talk about its reports, not continue another member's chat.
    expect((await aroundVulnerability(auth.viewer)).status).toBe(200)
    expect((await ask(auth.viewer, id, 'Can I read this?')).status).toBe(404)
    // Another account sees neither the project nor the conversation.
    expect((await aroundVulnerability(auth.other)).status).toBe(404)
    const foreign = await ask(auth.other, id, 'Can I read this?')
    expect(foreign.status).toBe(404)
    expect(await foreign.text()).not.toContain('Mine.')
    // No feature, no assistant; no session, no assistant.
    const noFeature = await aroundVulnerability(auth.noFeature)
    expect(noFeature.status).toBe(403)
    expect(((await noFeature.json()) as { message: string }).message).toBe(assistantMessages.noFeature)
    expect(
      (
        await call('POST', '/api/v1/barista/conversations/around_vulnerability', null, {
          projectId: pid,
          reportId,
          adviceId,
        })
      ).status,
    ).toBe(401)
  })

  it('answers 502 with the reason when the service refuses, before streaming anything', async () => {
    fake.inject({ kind: 'status', status: 429, message: 'Rate limit reached for test-model' })
    const res = await aroundVulnerability(auth.admin)
    expect(res.status).toBe(502)
    expect(((await res.json()) as { message: string }).message).toBe(
      'The assistant service answered 429: Rate limit reached for test-model',
    )
  })

  it('ends with a clear error line when the answer breaks off or times out mid-stream', async () => {
    fake.setAnswer(['One ', 'two ', 'three.'])
    fake.inject({ kind: 'cut', afterPieces: 2 })
    let lines = linesOf(await (await aroundVulnerability(auth.admin)).text())
    expect(lines.map((l) => l.type)).toEqual(['conversation', 'streaming', 'streaming', 'error'])
    expect((lines[3]!.value as { message: string }).message).toMatch(
      /^The assistant service broke off its answer/,
    )

    fake.inject({ kind: 'error-chunk', afterPieces: 1, message: 'model overloaded' })
    lines = linesOf(await (await aroundVulnerability(auth.admin)).text())
    expect(lines.at(-1)).toEqual({
      type: 'error',
      value: { message: 'The assistant service reported an error: model overloaded' },
    })

    fake.setDelay(600)
    try {
      lines = linesOf(await (await aroundVulnerability(auth.admin)).text())
    } finally {
      fake.setDelay(0)
    }
    expect(lines.map((l) => l.type)).toEqual(['conversation', 'streaming', 'error'])
    expect(lines.at(-1)!.value).toEqual({ message: 'The assistant did not finish its answer within 1 s.' })
  })
})

describe.each(storageModes())('assistant without a model on %s storage', (mode) => {
  // product-notes "The assistant": with no endpoint configured it answers from the advisory data alone
  // and says so (issue 14: instead of a 503 that hid the AI tab).
  let t: TestInstance
  let pid = ''
  let reportId = ''
  let adviceId = ''
  let authorization = ''
  const post = (path: string, body: unknown) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, { SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl') })
    ;({ pid, reportId, adviceId } = await tinyAppReport(t.url))
    const db = t.sextant.db
    await db.query("UPDATE accounts SET features = array_append(features, 'chai') WHERE uuid = $1", [
      (await membershipOf(db, TEST_ADMIN.email)).account,
    ])
    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    authorization = `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`
  }, 90_000)
  afterAll(async () => t?.close())

  it('pings healthy with the advisory data as its source', async () => {
    const ping = await fetch(`${t.url}/admin/server/barista/ping`, { headers: { authorization } })
    expect(ping.status).toBe(200)
    expect(await ping.json()).toEqual({ healthy: true, model: null, source: 'advisory-data' })
  })

  it('explains a vulnerability from the advisory data, saying so, and answers follow-ups honestly', async () => {
    const res = await post('/api/v1/barista/conversations/around_vulnerability', {
      projectId: pid,
      reportId,
      adviceId,
    })
    expect(res.status).toBe(200)
    const lines = linesOf(await res.text())
    expect(lines.map((l) => l.type)).toEqual(['conversation', 'streaming', 'finalAnswer'])
    const answer = String(lines[2]!.value)
    expect(answer.startsWith(`_${assistantMessages.advisoryDataOnly}_`)).toBe(true)
    expect(answer).toContain('CVE-2099-0002')
    expect(answer).toMatch(/ms 2\.1\.[23] \(nodejs\)/)
    expect(answer).toContain('Upgrade ms to 2.1.4 or later')
    expect(answer).toContain('CVSS 7.5')
    expect(answer).toContain('quadratic time')
    const id = (lines[0]!.value as { id: string }).id
    const ask = await fetch(`${t.url}/api/v1/barista/conversations/${id}/ask`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Is it exploitable in my app?' }),
    })
    expect(ask.status).toBe(200)
    const follow = linesOf(await ask.text())
    expect(String(follow.at(-1)!.value)).toContain(assistantMessages.advisoryDataOnly)
  })

  it('summarises the report from its own data', async () => {
    const res = await post('/api/v1/barista/conversations/with_summary', { projectId: pid, reportId })
    expect(res.status).toBe(200)
    const answer = String(linesOf(await res.text()).at(-1)!.value)
    expect(answer).toContain(assistantMessages.advisoryDataOnly)
    expect(answer).toMatch(/- ms 2\.1\.[23]: 0 critical, 1 high; fixed in 2\.1\.4/)
  })
})
