// The asset-tracking calls (spec accounts-and-api §7 "Asset-tracking integration", §8): the spec paths
// (a branch with '/' as one encoded segment), a 400 check read as invalid, missing input refused first.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { rkvstApi } from './rkvst'

const branch = {
  projectId: 'p',
  projectName: 'shop',
  branch: 'main',
  linked: true,
  assetIdentity: 'assets/a1',
  linkedAt: '2026-01-01T00:00:00.000Z',
  lastSbom: null,
}
const sbom = {
  id: 's1',
  projectId: 'p',
  branch: 'main',
  reportId: 'r1',
  blobIdentity: 'blobs/b1',
  sha256: 'ab',
  size: 2,
  state: 'published',
  publishedAt: '2026-01-01T00:00:00.000Z',
  withdrawnAt: null,
}
const credentials = {
  configured: true,
  baseUrl: 'https://app.datatrails.ai',
  clientId: 'c',
  clientSecretSet: true,
  updatedAt: null,
}
/** What the server answers each call, by the path's end. */
const answerOf = (url: string) =>
  url.endsWith('/projects') || url.endsWith('/history')
    ? []
    : /\/(link|unlink)$/.test(url)
      ? branch
      : url.endsWith('/credentials')
        ? credentials
        : sbom

function api(status: number, body?: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)}`)
    return new Response(JSON.stringify(body ?? answerOf(String(url))), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: rkvstApi(client) }
}

const base = 'http://sextant.test/api/v1/integrations/rkvst/accounts/me'
const p = '9d1c3c2e-8f7a-4b5e-9c1d-2e3f4a5b6c7d'

describe('rkvst SDK', () => {
  it('calls the spec paths', async () => {
    const c = api(200)
    await c.api.projects('me')
    await c.api.link('me', p, 'release/1.x')
    await c.api.unlink('me', p, 'main')
    await c.api.publish('me', p, 'main')
    await c.api.history('me', p, 'main')
    await c.api.publishSbom('me', 's1')
    await c.api.withdrawSbom('me', 's1')
    await c.api.credentials('me')
    expect(c.calls).toEqual([
      'GET http://sextant.test/api/v1/rkvst/accounts/me/projects',
      `POST ${base}/projects/${p}/release%2F1.x/link`,
      `POST ${base}/projects/${p}/main/unlink`,
      `POST ${base}/projects/${p}/main/publish`,
      `GET ${base}/projects/${p}/main/history`,
      `POST ${base}/sboms/s1/publish`,
      `POST ${base}/sboms/s1/withdraw`,
      `GET ${base}/credentials`,
    ])
  })

  it('reads a 400 check as invalid with the reason, and refuses missing input first', async () => {
    const message = 'DataTrails refused the client credentials (HTTP 401): check clientId and clientSecret.'
    const c = api(400, { status: 400, error: 'BAD REQUEST', message })
    expect(await c.api.checkCredentials('me', { clientSecret: 'x' })).toEqual({ valid: false, message })
    expect(c.calls).toEqual([`POST ${base}/credentials/check`])
    await expect(c.api.publish('me', ' ', 'main')).rejects.toThrow()
    await expect(c.api.publish('', p, 'main')).rejects.toThrow('No account has been specified')
    expect(c.calls).toHaveLength(1)
  })
})
