// The scanner's own calls (spec accounts-and-api §7 "GET /api/v1/cli; POST and GET /api/v1/cli/update"):
// the paths and bodies sent, answers checked against the contract, an empty version refused before a request.
import { describe, expect, it } from 'vitest'
import { cliApi } from './cli'
import { createSextantClient } from './client'

const update = {
  version: '0.2.0',
  minimumVersion: '0.1.0',
  downloadUrl: null,
  instructions: 'Use the sextant command of Sextant 0.2.0',
  clientVersion: '0.1.0',
  updateAvailable: true,
  updateRequired: false,
  message: 'sextant 0.2.0 is available (you have 0.1.0).',
}

function api(body: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim())
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  return {
    calls,
    api: cliApi(
      createSextantClient({ baseUrl: 'http://sextant.test', fetch: fetch as typeof globalThis.fetch }),
    ),
  }
}

describe('cli SDK', () => {
  it('asks GET /api/v1/cli and POST or GET /api/v1/cli/update', async () => {
    const { api: a, calls } = api(update)
    expect(await a.checkUpdate('0.1.0')).toMatchObject({ updateAvailable: true, updateRequired: false })
    await a.updateStatus('0.1.0')
    expect(calls).toEqual([
      'POST http://sextant.test/api/v1/cli/update {"version":"0.1.0"}',
      'GET http://sextant.test/api/v1/cli/update?version=0.1.0',
    ])
    const info = api({ version: '0.2.0', minimumVersion: '0.1.0', downloadUrl: null, instructions: 'x' })
    expect(await info.api.info()).toMatchObject({ version: '0.2.0' })
    expect(info.calls).toEqual(['GET http://sextant.test/api/v1/cli'])
  })

  it('refuses an empty version before any request', async () => {
    const { api: a, calls } = api(update)
    await expect(a.checkUpdate(' ')).rejects.toThrow('Required information not provided.')
    expect(calls).toEqual([])
  })
})
