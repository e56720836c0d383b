// Precompressed web assets (issue 20 "Static assets"): after the web app is built, every text file in
// packages/web/dist worth compressing gets a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling,
// which the server sends by Accept-Encoding (@fastify/static preCompressed) instead of the plain file.
// Compressed once at build time, so the largest settings cost nothing per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/
/** Below this a compressed body saves less than its headers cost. */
const minBytes = 1024

/** Writes <file>.br and <file>.gz beside each compressible file under `dir`; answers what it wrote. */
export function precompress(dir) {
  const written = []
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name)
      if (e.isDirectory()) walk(path)
      else if (e.isFile() && compressible.test(e.name)) {
        const plain = readFileSync(path)
        if (plain.length < minBytes) continue
        const br = brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        })
        const gz = gzipSync(plain, { level: 9 })
        writeFileSync(`${path}.br`, br)
        writeFileSync(`${path}.gz`, gz)
        written.push({ path, plain: plain.length, br: br.length, gzip: gz.length })
      }
    }
  }
  walk(dir)
  return written
}
