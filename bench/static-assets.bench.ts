// The web app's JS/CSS on the wire (issue 20 "Static assets"): the built app (packages/web/dist, written
// by `npm run build:web` with its brotli and gzip siblings) served by the API process; every asset is
// fetched as a client that accepts nothing, gzip, and brotli, and the bytes received are summed, for the
// files index.html names (what every page loads first) and for all of them (lazy pages included).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { startTestInstance } from '../packages/server/src/testing/instance'
import type { BenchRow, BenchSection } from './table'

const webDir = join(import.meta.dirname, '../packages/web/dist')

function wireBytes(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; cacheControl: string; encoding: string }>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0
      res.on('data', (c: Buffer) => {
        bytes += c.length
      })
      res.on('end', () =>
        resolve({
          bytes,
          cacheControl: String(res.headers['cache-control'] ?? ''),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

export async function staticAssetsBench(): Promise<BenchSection> {
  if (!existsSync(join(webDir, 'index.html'))) throw new Error('Build the web app first: npm run build:web')
  const all = readdirSync(join(webDir, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `/assets/${f}`)
  const named = [
    ...readFileSync(join(webDir, 'index.html'), 'utf8').matchAll(
      /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g,
    ),
  ].map((m) => m[1] as string)
  const t = await startTestInstance('embedded', { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: webDir })
  try {
    const rows: BenchRow[] = []
    let immutable = 0
    for (const [what, files] of [
      [`JS/CSS named by index.html (${named.length} files, loaded by every page)`, named],
      [`all JS/CSS of the app (${all.length} files, lazy pages included)`, all],
    ] as const) {
      const sums = { identity: 0, gzip: 0, br: 0 }
      for (const file of files)
        for (const enc of ['identity', 'gzip', 'br'] as const) {
          const r = await wireBytes(`${t.url}${file}`, enc)
          sums[enc] += r.bytes
          if (enc === 'br' && r.cacheControl.includes('immutable')) immutable++
        }
      rows.push({
        what: `${what}, bytes served: uncompressed / gzip / brotli`,
        budget: '—',
        measured: `${kb(sums.identity)} / ${kb(sums.gzip)} / ${kb(sums.br)} (brotli ${((100 * sums.br) / sums.identity).toFixed(0)} %)`,
        ok: null,
      })
    }
    const index = await wireBytes(`${t.url}/`, 'br')
    rows.push({
      what: 'Cache-Control: JS/CSS under assets/ (content-hashed) / index.html',
      budget: 'immutable / revalidated',
      measured: `${immutable} of ${named.length + all.length} immutable / '${index.cacheControl}'`,
      ok: immutable === named.length + all.length && !index.cacheControl.includes('immutable'),
    })
    return {
      title: "The web app's JS/CSS on the wire (issue 20)",
      command: 'npm run bench -- staticAssets',
      rows,
      notes: [
        'Compressed once at build time (scripts/precompress.mjs: brotli quality 11, gzip level 9) and sent by Accept-Encoding through @fastify/static preCompressed; files under 1 KB are sent as they are.',
        'A returning visitor fetches none of these again until a build changes their names (Cache-Control: public, max-age=31536000, immutable); index.html is revalidated (no-cache).',
      ],
    }
  } finally {
    await t.close()
  }
}
