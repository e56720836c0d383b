// GET /api/v1/cli and POST/GET /api/v1/cli/update (spec accounts-and-api §7; issue 15): the expected
// client version, the oldest accepted (SEXTANT_CLI_MINIMUM_VERSION) and where to get it; public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestInstance, type TestInstance } from '../../testing/instance'
import { SERVER_VERSION } from './cli.service'

describe('the sextant client version routes', () => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(
      'embedded',
      {
        SEXTANT_CLI_MINIMUM_VERSION: '0.1.0',
        SEXTANT_CLI_DOWNLOAD_URL: 'https://downloads.example.org/sextant/',
      },
      { workers: false },
    )
  }, 60_000)
  afterAll(async () => t?.close())

  it('answers the expected version and where to get it, without a token', async () => {
    const res = await fetch(`${t.url}/api/v1/cli`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      version: SERVER_VERSION,
      minimumVersion: '0.1.0',
      downloadUrl: 'https://downloads.example.org/sextant/',
    })
  })

  it.each([
    ['0.0.9', true, true],
    [SERVER_VERSION, false, false],
    ['99.0.0', false, false],
    ['not-a-version', true, true],
  ])(
    'a client of %s: update required %s, available %s (POST and GET alike)',
    async (version, required, available) => {
      const post = await fetch(`${t.url}/api/v1/cli/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version }),
      })
      const get = await fetch(`${t.url}/api/v1/cli/update?version=${encodeURIComponent(version)}`)
      for (const res of [post, get]) {
        expect(res.status).toBe(200)
        const body = (await res.json()) as {
          updateRequired: boolean
          updateAvailable: boolean
          clientVersion: string
          message: string
        }
        expect(body).toMatchObject({
          clientVersion: version,
          updateRequired: required,
          updateAvailable: available,
        })
        expect(body.message).toContain(version)
      }
    },
  )

  it('a request without a version is refused naming it', async () => {
    const res = await fetch(`${t.url}/api/v1/cli/update`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toContain('version')
  })
})
