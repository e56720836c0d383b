// The licence calls' client semantics (spec report-page §7 licence search "only with 2+ characters;
// non-200 ignored", §8 licence-fix partial failure; accounts-and-api §8 empty copyright text): paths with
// URL-encoded scoped names and '--' for an empty version, per-licence reasons, and the defaults.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { INTERNAL_ERROR_REASON, licencesApi } from './licences'

type Answer = { status: number; body: unknown; raw?: boolean }

function api(answer: (method: string, path: string) => Answer) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url))
    calls.push(`${init?.method} ${u.pathname}${u.search}`)
    const a = answer(init?.method ?? 'GET', u.pathname)
    const text = a.raw ? String(a.body) : JSON.stringify(a.body)
    return new Response(text, {
      status: a.status,
      headers: { 'content-type': a.raw ? 'text/html' : 'application/json' },
    })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: licencesApi(client) }
}

const library = { language: 'nodejs', name: '@acme/widget', version: '' }
const override = (licences: string[]) => ({
  language: 'nodejs',
  name: '@acme/widget',
  version: '--',
  licences,
  updatedAt: null,
})
const error = (status: number, message: string) => ({ status, error: 'E', message })

describe('licences SDK', () => {
  it('searches only with 2 or more characters and ignores a failed search', async () => {
    const ok = api(() => ({ status: 200, body: [{ id: 'GPL-3.0-only', name: 'GNU GPL v3.0 only' }] }))
    expect(await ok.api.search('G')).toEqual([])
    expect(await ok.api.search(' ')).toEqual([])
    expect(ok.calls).toEqual([])
    expect(await ok.api.search('gpl')).toHaveLength(1)
    expect(ok.calls).toEqual(['GET /api/v1/licenses?query=gpl'])
    expect(await api(() => ({ status: 500, body: error(500, 'down') })).api.search('gpl')).toEqual([])
  })

  it("encodes scoped names and stores an empty version as '--'", async () => {
    const { api: a, calls } = api(() => ({ status: 200, body: override(['MIT']) }))
    await a.addLicence(library, 'MIT')
    await a.licences({ ...library, version: '*' })
    expect(calls).toEqual([
      'POST /api/v1/licenses/library/nodejs/%40acme%2Fwidget/--/MIT',
      'GET /api/v1/licenses/library/nodejs/%40acme%2Fwidget/*',
    ])
    await expect(a.licences({ language: '', name: 'x', version: '1' })).rejects.toThrow(
      'Required information not provided.',
    )
  })

  it('applies a change set licence by licence and lists what failed with its reason (§8)', async () => {
    const { api: a, calls } = api((method, path) => {
      if (path.endsWith('/MIT')) return { status: 409, body: error(409, 'License already exists') }
      if (path.endsWith('/Zlib')) return { status: 502, body: '<html>Bad gateway</html>', raw: true }
      if (method === 'DELETE' && path.endsWith('/ISC')) return { status: 500, body: error(500, 'boom') }
      return {
        status: 200,
        body: override(method === 'DELETE' ? ['Apache-2.0'] : ['Apache-2.0', 'BSD-2-Clause']),
      }
    })
    const result = await a.applyLicenceChanges(library, {
      add: ['MIT', 'Zlib', 'Apache-2.0'],
      remove: ['BSD-2-Clause', 'ISC'],
    })
    expect(result).toEqual({
      licenses: ['Apache-2.0'],
      added: ['Apache-2.0'],
      removed: ['BSD-2-Clause'],
      notAdded: [
        { license: 'MIT', reason: 'License already exists' },
        { license: 'Zlib', reason: INTERNAL_ERROR_REASON },
      ],
      notDeleted: [{ license: 'ISC', reason: INTERNAL_ERROR_REASON }],
    })
    expect(calls).toHaveLength(5)
  })

  it('answers an empty copyright text when the read fails, and sends the text as ?text=', async () => {
    expect(await api(() => ({ status: 403, body: error(403, 'no') })).api.copyright(library)).toBe('')
    const { api: a, calls } = api(() => ({
      status: 200,
      body: { language: 'nodejs', name: '@acme/widget', version: '--', text: '(c) Acme', updatedAt: null },
    }))
    expect(await a.copyright(library)).toBe('(c) Acme')
    await a.setCopyright(library, '(c) Acme & Co')
    expect(calls[1]).toBe(
      'POST /api/v1/licenses/library/nodejs/%40acme%2Fwidget/--/copyright?text=%28c%29+Acme+%26+Co',
    )
  })

  it('names the account for policies and overrides, and throws the server error of a refused change', async () => {
    const { api: a, calls } = api(() => ({ status: 403, body: error(403, 'Only administrators') }))
    await expect(a.policies('')).rejects.toThrow('No account has been specified')
    await expect(a.createPolicy('me', { template: 'no-gpl' })).rejects.toMatchObject({
      status: 403,
      message: 'Only administrators',
    })
    expect(calls).toEqual(['POST /api/v1/accounts/me/policies/licenses'])
  })
})
