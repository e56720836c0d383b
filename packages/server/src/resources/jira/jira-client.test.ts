// The Jira client's SSRF rule and limits (DESIGN §7; accounts-and-api §7 "Issue tracker"): a site on a
// loopback or private address is refused before any request unless the operator allows it, also when its
// name first resolves to a public address (DNS rebinding); redirects are not followed; an answer that is
// not Jira's JSON is named as such.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createOutboundClient, DEFAULT_OUTBOUND, type Resolve } from '../../http-client'
import { type FakeJira, startFakeJira } from '../../testing/fake-jira'
import { JiraError, jiraMyself, jiraRequest } from './jira-client'

describe('jira client', () => {
  let jira: FakeJira
  beforeAll(async () => {
    jira = await startFakeJira()
  })
  const outbound = createOutboundClient(DEFAULT_OUTBOUND)
  afterAll(async () => {
    await jira?.close()
    await outbound.close()
  })
  const site = () => ({ baseUrl: jira.url, email: jira.email, apiToken: jira.apiToken })

  it('refuses a loopback site unless private addresses are allowed, before any request', async () => {
    const before = jira.requests.length
    const refused = await jiraMyself(site(), { allowPrivate: false, timeoutMs: 1000, outbound }).catch(
      (e: unknown) => e,
    )
    expect(refused).toBeInstanceOf(JiraError)
    expect((refused as JiraError).kind).toBe('unreachable')
    expect((refused as JiraError).message).toContain(
      '127.0.0.1 is a loopback, private, link-local or otherwise non-public address',
    )
    expect((refused as JiraError).message).toContain('SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true')
    expect(jira.requests.length).toBe(before)
    expect(await jiraMyself(site(), { allowPrivate: true, timeoutMs: 1000, outbound })).toBe('Jira Bot')
  })

  it('a site whose name resolves public first and loopback then is never reached (DNS rebinding)', async () => {
    let calls = 0
    const rebinding: Resolve = async () => [
      { address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 },
    ]
    const rebound = createOutboundClient(DEFAULT_OUTBOUND, { resolve: rebinding })
    const before = jira.requests.length
    const baseUrl = `http://jira.rebind.test:${new URL(jira.url).port}`
    // A check when the site is saved sees the public answer; the connection then gets loopback.
    expect(await rebound.checkHost('jira.rebind.test')).toMatchObject({ ok: true })
    const refused = await jiraMyself(
      { ...site(), baseUrl },
      { allowPrivate: false, timeoutMs: 1000, outbound: rebound },
    ).catch((e: unknown) => e)
    expect((refused as JiraError).message).toContain('jira.rebind.test resolves to 127.0.0.1')
    expect(jira.requests.length).toBe(before)
    await rebound.close()
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
      const options = { allowPrivate: true, timeoutMs: 1000, outbound }
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
