// Issue 20 "Static assets": the build writes brotli and gzip siblings of the web app's text files
// (scripts/precompress.mjs), the server sends them by Accept-Encoding with Vary: Accept-Encoding, and the
// content-hashed files under assets/ are cached for a year as immutable while index.html (which names the
// current hashes) and the app's pages are revalidated every time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestInstance, type TestInstance } from '../../packages/server/src/testing/instance'
import { precompress } from '../../scripts/precompress.mjs'

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('the web app served precompressed, its hashed assets immutable', () => {
  let web: string
  let t: TestInstance
  const js = Array.from({ length: 400 }, (_, i) => `export const v${i} = 'value ${i}'\n`).join('')
  const css = Array.from({ length: 300 }, (_, i) => `.c${i} { margin: ${i}px }\n`).join('')
  const html = `<!doctype html><title>Sextant</title><script type="module" src="/assets/index-AbC123.js"></script>${'<!-- padding -->'.repeat(100)}`

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'sx-static-'))
    mkdirSync(join(web, 'assets'))
    writeFileSync(join(web, 'index.html'), html)
    writeFileSync(join(web, 'assets/index-AbC123.js'), js)
    writeFileSync(join(web, 'assets/index-DeF456.css'), css)
    writeFileSync(join(web, 'assets/tiny-Gh7.js'), 'export {}\n')
    const written = precompress(web)
    expect(written.map((w) => w.path.slice(web.length)).sort()).toEqual([
      '/assets/index-AbC123.js',
      '/assets/index-DeF456.css',
      '/index.html',
    ])
    t = await startTestInstance('embedded', { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: web })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    rmSync(web, { recursive: true, force: true })
  })

  it('sends the brotli file to a client that accepts br, the gzip file to one that accepts only gzip', async () => {
    for (const [file, type] of [
      ['assets/index-AbC123.js', /javascript/],
      ['assets/index-DeF456.css', /text\/css/],
    ] as const) {
      const plain = readFileSync(join(web, file))
      const br = await rawGet(`${t.url}/${file}`, 'gzip, deflate, br')
      expect(br.status).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(type)
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      expect(br.headers['cache-control']).toBe(IMMUTABLE)
      expect(br.body.length).toBeLessThan(plain.length / 3)
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)

      const gz = await rawGet(`${t.url}/${file}`, 'gzip')
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.headers['cache-control']).toBe(IMMUTABLE)
      expect(gz.body.equals(readFileSync(join(web, `${file}.gz`)))).toBe(true)
      expect(gunzipSync(gz.body).equals(plain)).toBe(true)

      const identity = await rawGet(`${t.url}/${file}`, 'identity')
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.body.equals(plain)).toBe(true)
      expect(identity.headers['cache-control']).toBe(IMMUTABLE)
    }
  })

  it('sends a file the build did not compress as it is, still immutable under assets/', async () => {
    const res = await rawGet(`${t.url}/assets/tiny-Gh7.js`, 'br, gzip')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe('export {}\n')
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('never marks index.html or an app page immutable', async () => {
    for (const path of ['/', '/index.html', '/projects.html', '/dashboard']) {
      const res = await rawGet(`${t.url}${path}`, 'br, gzip')
      expect(res.status, path).toBe(200)
      expect(res.headers['cache-control'], path).toBe('no-cache')
      expect(res.headers['content-type'], path).toMatch(/text\/html/)
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body
      expect(body.toString(), path).toBe(html)
    }
  })
})

/** A GET whose body is left as sent (fetch would decode it), with the Accept-Encoding given. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string | undefined>,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    },
  )
}
