// The Jira client's SSRF rule and limits (DESIGN §7; accounts-and-api §7 "Issue tracker"): a site on a
// loopback or private address is refused before any request unless the operator allows it; redirects
// are not followed; an answer that is not Jira's JSON is named as such.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type FakeJira, startFakeJira } from '../../testing/fake-jira'
import { JiraError, jiraMyself, jiraRequest } from './jira-client'

describe('jira client', () => {
  let jira: FakeJira
  beforeAll(async () => {
    jira = await startFakeJira()
  })
  afterAll(async () => jira?.close())
  const site = () => ({ baseUrl: jira.url, email: jira.email, apiToken: jira.apiToken })

  it('refuses a loopback site unless private addresses are allowed, before any request', async () => {
    const before = jira.requests.length
    const refused = await jiraMyself(site(), { allowPrivate: false, timeoutMs: 1000 }).catch(
      (e: unknown) => e,
    )
    expect(refused).toBeInstanceOf(JiraError)
    expect((refused as JiraError).kind).toBe('unreachable')
    expect((refused as JiraError).message).toContain(
      '127.0.0.1 is a private, loopback or otherwise non-public address',
    )
    expect(jira.requests.length).toBe(before)
    expect(await jiraMyself(site(), { allowPrivate: true, timeoutMs: 1000 })).toBe('Jira Bot')
  })

  it('does not follow redirects and names an answer that is not JSON', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/rest/api/2/myself') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
        res.end()
      } else {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html>login</html>')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const options = { allowPrivate: true, timeoutMs: 1000 }
      const redirected = await jiraMyself({ ...site(), baseUrl }, options).catch((e: unknown) => e)
      expect((redirected as JiraError).message).toContain('redirected /rest/api/2/myself (HTTP 302)')
      const html = await jiraRequest({ ...site(), baseUrl }, options, 'GET', '/other', z.object({})).catch(
        (e: unknown) => e,
      )
      expect((html as JiraError).message).toBe(
        `Jira at ${baseUrl} answered /other with something that is not JSON: check baseUrl.`,
      )
    } finally {
      server.close()
    }
  })
})
