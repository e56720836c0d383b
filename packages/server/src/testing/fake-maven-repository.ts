// A local Maven repository for tests (DESIGN §9 "served by a local HTTP server speaking the real
// protocol"): a folder laid out as a Maven 2 repository on 127.0.0.1 (plus documents of the test's
// own over it), with strong ETags and 304 on If-None-Match, 404 for what it lacks, a 503 switch,
// and every request recorded by path and answer.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize } from 'node:path'

export interface FakeMavenRepository {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234/maven2`. */
  url: string
  /** `<status> <path>` of every request so far, in order (path below the base URL). */
  requests: string[]
  /** Answer 503 to everything while true. */
  down: boolean
  close(): Promise<void>
}

/** `overlay`: documents by path below the base URL, served before the folder's. */
export async function startFakeMavenRepository(
  root: string,
  overlay: Record<string, string> = {},
): Promise<FakeMavenRepository> {
  const state: FakeMavenRepository = { url: '', requests: [], down: false, close: async () => {} }
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://repo').pathname)).replace(
      /^\/maven2\//,
      '',
    )
    /** Records and sends the answer (with a body for a 200). */
    const answer = (status: number, body?: Buffer) => {
      state.requests.push(`${status} ${path}`)
      res.statusCode = status
      if (body) res.setHeader('content-type', 'application/xml')
      res.end(body)
    }
    if (state.down) return answer(503)
    if (req.method !== 'GET' || path.includes('..')) return answer(404)
    const own = overlay[path]
    const read = own !== undefined ? Promise.resolve(Buffer.from(own)) : readFile(join(root, path))
    read.then(
      (body) => {
        const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
        res.setHeader('etag', etag)
        if (req.headers['if-none-match'] === etag) answer(304)
        else answer(200, body)
      },
      () => answer(404),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  state.url = `http://127.0.0.1:${port}/maven2`
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}
