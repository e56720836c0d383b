// GET /api/v1/components/{language}/{name}/{version}/registryWebUrl (issue 17 "Component links"): the page
// as JSON for anyone, a 302 with redirect=true, an encoded scoped npm name, 404 without a registry, 400
// for a bad redirect value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestInstance, type TestInstance } from '../../testing/instance'

describe('component registry links', () => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance('embedded', {}, { workers: false })
  })
  afterAll(async () => t?.close())
  const get = (path: string) => fetch(`${t.url}/api/v1/components/${path}`, { redirect: 'manual' })

  it('answers the registry page, or redirects to it', async () => {
    const json = await get('nodejs/%40babel%2Fcore/7.24.0/registryWebUrl')
    expect(json.status).toBe(200)
    expect(await json.json()).toEqual({
      language: 'nodejs',
      name: '@babel/core',
      version: '7.24.0',
      url: 'https://www.npmjs.com/package/%40babel/core/v/7.24.0',
    })
    const moved = await get('java/org.slf4j%3Aslf4j-api/2.0.13/registryWebUrl?redirect=true')
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(
      'https://central.sonatype.com/artifact/org.slf4j/slf4j-api/2.0.13',
    )
    const stay = await get('python/requests/2.32.0/registryWebUrl?redirect=false')
    expect(((await stay.json()) as { url: string }).url).toBe('https://pypi.org/project/requests/2.32.0/')
  })

  it('refuses what has no page, and a bad redirect value', async () => {
    const none = await get('other/x/1/registryWebUrl')
    expect(none.status).toBe(404)
    expect(((await none.json()) as { message: string }).message).toContain('no registry web page')
    const bad = await get('nodejs/ms/2.1.3/registryWebUrl?redirect=yes')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toContain('redirect')
  })
})
