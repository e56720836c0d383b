// The account calls' client semantics (spec accounts-and-api §8-§9): SDK messages for missing input,
// the documented defaults (404 property → null, member lists → [], failed refresh → false), the refresh timer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_REFRESH_MS, accountsApi, startTokenRefresh } from './accounts'
import { createSextantClient } from './client'

function api(status: number, body: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)}`)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  return {
    calls,
    api: accountsApi(
      createSextantClient({ baseUrl: 'http://sextant.test', fetch: fetch as typeof globalThis.fetch }),
    ),
  }
}

const notFound = { status: 404, error: 'NOT FOUND', message: 'The property experimental has not been set.' }

describe('accounts SDK', () => {
  afterEach(() => vi.useRealTimers())

  it('says which input is missing with the spec messages, before any request', async () => {
    const { api: a, calls } = api(200, {})
    await expect(a.login('not-an-email', 'x')).rejects.toThrow('Email address invalid or missing')
    await expect(a.configuration('')).rejects.toThrow('No account has been specified')
    await expect(a.updateAccount('', {})).rejects.toThrow('No account uuid has been specified')
    await expect(a.teamMembers('')).rejects.toThrow('Cannot detect teams uuid')
    expect(calls).toEqual([])
  })

  it('answers the §8 defaults: null for an unset property, [] for member lists, false for a failed refresh', async () => {
    expect(await api(404, notFound).api.property('accounts', 'me', 'experimental')).toBeNull()
    const denied = { status: 403, error: 'FORBIDDEN', message: 'no' }
    expect(await api(403, denied).api.members('me')).toEqual([])
    expect(await api(401, { status: 401, error: 'UNAUTHORIZED', message: 'expired' }).api.refresh()).toBe(
      false,
    )
    expect(await api(200, { expiresAt: new Date().toISOString() }).api.refresh()).toBe(true)
    await expect(api(403, denied).api.createTeam({ name: 'x' })).rejects.toMatchObject({ status: 403 })
  })

  it('refreshes the token every 300,000 ms and reports an ended session', async () => {
    vi.useFakeTimers()
    const refresh = vi.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false)
    const expired = vi.fn()
    const stop = startTokenRefresh({ refresh }, expired)
    expect(AUTH_REFRESH_MS).toBe(300_000)
    await vi.advanceTimersByTimeAsync(300_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(expired).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(300_000)
    expect(expired).toHaveBeenCalledTimes(1)
    stop()
  })

  it('asks for the site network (sysadmin) and throws the refusal of the server', async () => {
    const network = {
      recordedSince: '2026-01-01T00:00:00.000Z',
      policy: {
        refusedRanges: ['loopback (127.0.0.0/8, ::1)'],
        allowPrivateRepositories: false,
        allowLocalRepositories: false,
        allowPrivateIntegrations: false,
        offline: false,
        redirects: 'not followed',
        proxy: { httpProxy: null, httpsProxy: null, noProxy: '' },
        extraCaCerts: false,
        credentialedHosts: 0,
      },
      services: [],
    }
    const ok = api(200, network)
    expect(await ok.api.siteNetwork()).toEqual(network)
    expect(ok.calls).toEqual(['GET http://sextant.test/admin/server/site/network'])
    const denied = { status: 403, error: 'FORBIDDEN', message: 'System administrators only.' }
    await expect(api(403, denied).api.siteNetwork()).rejects.toThrow('System administrators only.')
  })
})
