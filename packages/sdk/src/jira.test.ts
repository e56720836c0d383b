// The issue-tracker calls (spec accounts-and-api §7 "Issue tracker"; §8 "credential and config checks
// treat 400 as false"): the spec paths, bodies sent, the 201 of a created issue, checks reading 400 as
// false with the reason, other failures thrown, missing input refused before a request.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { jiraApi } from './jira'

function api(status: number, body: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim())
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: jiraApi(client) }
}

const base = 'http://sextant.test/api/v1/integrations/jira/accounts/me'
const pid = '9d1c3c2e-8f7a-4b5e-9c1d-2e3f4a5b6c7d'
const issue = {
  id: '20000',
  key: 'SEC-1',
  url: 'https://example.atlassian.net/browse/SEC-1',
  adviceId: 'GHSA-xxxx',
  reportId: 'r-1',
  summary: 'GHSA-xxxx in ms',
  issueType: 'Bug',
  createdAt: '2026-01-01T00:00:00.000Z',
}
const bad = (message: string) => ({ status: 400, error: 'BAD REQUEST', message })

describe('jira SDK', () => {
  it('calls the spec paths', async () => {
    const config = {
      configured: true,
      baseUrl: 'https://x.test',
      email: 'a@x.test',
      apiTokenSet: true,
      updatedAt: null,
    }
    const a = api(200, config)
    expect(await a.api.accountConfig('me')).toEqual(config)
    await a.api.setAccountConfig('me', { baseUrl: 'https://x.test', email: 'a@x.test', apiToken: 't' })
    expect(a.calls).toEqual([
      `GET ${base}/config`,
      `POST ${base}/config {"baseUrl":"https://x.test","email":"a@x.test","apiToken":"t"}`,
    ])
    const p = api(200, { configured: false, projectKey: null, issueType: null, labels: [], updatedAt: null })
    await p.api.projectConfig('me', pid)
    await p.api.setProjectConfig('me', pid, { projectKey: 'SEC', issueType: 'Bug' })
    expect(p.calls).toEqual([
      `GET ${base}/projects/${pid}/config`,
      `POST ${base}/projects/${pid}/config {"projectKey":"SEC","issueType":"Bug"}`,
    ])
    const r = api(200, [{ id: '1', key: 'SEC', name: 'Security' }])
    expect(await r.api.remoteProjects('me')).toEqual([{ id: '1', key: 'SEC', name: 'Security' }])
    const m = api(200, { projectKey: 'SEC', issueTypes: [] })
    await m.api.issueMeta('me', 'SEC')
    expect([...r.calls, ...m.calls]).toEqual([
      `GET ${base}/jiraprojects`,
      `GET ${base}/jiraprojects/SEC/issues/meta`,
    ])
  })

  it('creates an issue (201) and lists them', async () => {
    const c = api(201, issue)
    const body = { reportId: 'r-1', adviceId: 'GHSA-xxxx', summary: 'GHSA-xxxx in ms', description: 'text' }
    expect(await c.api.createIssue('me', pid, body)).toEqual(issue)
    expect(c.calls).toEqual([`POST ${base}/projects/${pid}/issues ${JSON.stringify(body)}`])
    const l = api(200, [issue])
    expect(await l.api.issues('me', pid)).toEqual([issue])
    const refused = api(400, bad('Jira answered HTTP 400 to POST /rest/api/2/issue: summary: too long'))
    await expect(refused.api.createIssue('me', pid, body)).rejects.toThrow('summary: too long')
  })

  it('reads a 400 of a check as false with the reason (§8) and throws other failures', async () => {
    const ok = api(200, { valid: true, message: 'Connected to https://x.test as Bot.' })
    expect(await ok.api.checkAccountConfig('me')).toEqual({
      valid: true,
      message: 'Connected to https://x.test as Bot.',
    })
    expect(ok.calls).toEqual([`POST ${base}/config/check {}`])
    const no = api(400, bad('Jira refused the credentials (HTTP 401): check email and apiToken.'))
    expect(await no.api.checkAccountConfig('me', { apiToken: 'other' })).toEqual({
      valid: false,
      message: 'Jira refused the credentials (HTTP 401): check email and apiToken.',
    })
    expect(no.calls).toEqual([`POST ${base}/config/check {"apiToken":"other"}`])
    const p = api(400, bad("issueType: Jira project SEC has no issue type 'Epic'."))
    expect((await p.api.checkProjectConfig('me', pid, { issueType: 'Epic' })).valid).toBe(false)
    const down = api(502, {
      status: 502,
      error: 'BAD GATEWAY',
      message: 'Jira at https://x.test did not answer.',
    })
    await expect(down.api.checkAccountConfig('me')).rejects.toThrow('did not answer')
    const forbidden = api(403, { status: 403, error: 'FORBIDDEN', message: 'no feature' })
    await expect(forbidden.api.checkProjectConfig('me', pid)).rejects.toThrow('no feature')
  })

  it('refuses missing input before any request', async () => {
    const { api: a, calls } = api(200, {})
    await expect(a.accountConfig('')).rejects.toThrow('No account has been specified')
    await expect(a.projectConfig('me', ' ')).rejects.toThrow('No project uuid has been specified')
    await expect(a.issueMeta('me', '')).rejects.toThrow('Required information not provided.')
    await expect(a.createIssue('me', pid, { reportId: 'r', adviceId: '', summary: 's' })).rejects.toThrow(
      'Required information not provided.',
    )
    expect(calls).toEqual([])
  })
})
