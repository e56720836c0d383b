// A local npm registry for tests and benchmarks (DESIGN §9 "registries ... served from recorded
// fixtures by a local HTTP server speaking the real protocol"): the recorded packuments of
// ../shared/corpus/npm-registry on 127.0.0.1, with ETag / 304, 404 {"error":"Not found"}, gzip,
// injected faults (5xx, 429 + Retry-After, slow, broken JSON) and per-package request counts.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'

/**
 * The shared corpus (../shared/corpus beside the repository; SEXTANT_CORPUS_DIR moves it), as the
 * engine's test helper finds it; kept here because packages import no other package's internals.
 */
export const corpusDir =
  process.env.SEXTANT_CORPUS_DIR ?? resolve(fileURLToPath(import.meta.url), '../../../../../../shared/corpus')

export type RegistryFault =
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'broken' }

export interface TestNpmRegistry {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string
  /** Requests for one package name (any answer). */
  requests(name: string): number
  totalRequests(): number
  /** Request paths as sent (`/@babel%2fcore`), in order since the last reset. */
  paths(): string[]
  /** Remote ports of the connections requests came on (to tell a proxy's from a direct one). */
  remotePorts(): number[]
  /** Most requests in flight at one time since the last reset. */
  maxInFlight(): number
  resetCounters(): void
  /** Faults for a package, for the next `times` requests (every request when absent). */
  inject(name: string, fault: RegistryFault, times?: number): void
  clearFaults(): void
  /** Serves a packument of our own (or replaces a recorded one): a new body gets a new ETag. */
  setPackument(name: string, document: unknown): void
  /** Headers of the last request for a package (to check Accept, If-None-Match). */
  lastHeaders(name: string): IncomingMessage['headers'] | undefined
  close(): Promise<void>
}

export interface TestNpmRegistryOptions {
  /** Serve the recorded corpus packuments (default true); otherwise only setPackument documents. */
  corpus?: boolean
  /** Delay before every answer, to make concurrency observable (default 0). */
  latencyMs?: number
  /** Answer 401 to requests without exactly this Authorization header (a private registry). */
  authorization?: string
}

let recorded: Map<string, string> | null = null

/** The corpus packuments by name, read and indexed once per process. */
export function recordedPackuments(): Map<string, string> {
  if (recorded) return recorded
  const file = join(corpusDir, 'npm-registry/packuments.jsonl.gz')
  const text = gunzipSync(readFileSync(file)).toString('utf8')
  const docs = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (!line) continue
    const { name } = JSON.parse(line) as { name: string }
    docs.set(name, line)
  }
  recorded = docs
  return docs
}

interface Served {
  body: string
  etag: string
  gzip?: Buffer
}

export async function startTestNpmRegistry(options: TestNpmRegistryOptions = {}): Promise<TestNpmRegistry> {
  const source = options.corpus === false ? new Map<string, string>() : recordedPackuments()
  const own = new Map<string, string>()
  const served = new Map<string, Served>()
  const counts = new Map<string, number>()
  const headers = new Map<string, IncomingMessage['headers']>()
  const faults = new Map<string, { fault: RegistryFault; left: number }[]>()
  const paths: string[] = []
  const ports: number[] = []
  let total = 0
  let inFlight = 0
  let maxInFlight = 0

  const servedOf = (name: string): Served | undefined => {
    const hit = served.get(name)
    if (hit) return hit
    const body = own.get(name) ?? source.get(name)
    if (body === undefined) return undefined
    const s = { body, etag: `"${createHash('sha1').update(body).digest('hex')}"` }
    served.set(name, s)
    return s
  }

  const nextFault = (name: string): RegistryFault | null => {
    const list = faults.get(name)
    const first = list?.[0]
    if (!list || !first) return null
    if (--first.left <= 0) list.shift()
    return first.fault
  }

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    let name: string | null = null
    try {
      name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1))
    } catch {}
    if (name !== null) {
      counts.set(name, (counts.get(name) ?? 0) + 1)
      headers.set(name, req.headers)
    }
    if (options.latencyMs) await sleep(options.latencyMs)
    if (options.authorization !== undefined && req.headers.authorization !== options.authorization) {
      res.setHeader('www-authenticate', 'Bearer realm="test registry"')
      return json(res, 401, '{"error":"authentication required"}')
    }
    const fault = name === null ? null : nextFault(name)
    if (fault?.kind === 'slow') await sleep(fault.delayMs)
    if (fault?.kind === 'status') return json(res, fault.status, '{"error":"Internal Server Error"}')
    if (fault?.kind === 'rate-limit') {
      res.setHeader('retry-after', fault.retryAfter)
      return json(res, 429, '{"error":"Too Many Requests"}')
    }
    const doc = req.method === 'GET' && name !== null ? servedOf(name) : undefined
    if (!doc) return json(res, 404, '{"error":"Not found"}')
    if (fault?.kind === 'broken') return json(res, 200, doc.body.slice(0, Math.floor(doc.body.length / 2)))
    res.setHeader('etag', doc.etag)
    if (req.headers['if-none-match'] === doc.etag) {
      res.writeHead(304)
      return res.end()
    }
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      doc.gzip ??= gzipSync(doc.body, { level: 1 })
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      return res.end(doc.gzip)
    }
    return json(res, 200, doc.body)
  }

  const server = createServer((req, res) => {
    total++
    paths.push(req.url ?? '')
    if (req.socket.remotePort) ports.push(req.socket.remotePort)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    res.on('close', () => inFlight--)
    answer(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, '{"error":"test registry failed"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/`,
    requests: (name) => counts.get(name) ?? 0,
    totalRequests: () => total,
    paths: () => [...paths],
    remotePorts: () => [...ports],
    maxInFlight: () => maxInFlight,
    resetCounters: () => {
      counts.clear()
      paths.length = 0
      ports.length = 0
      total = 0
      maxInFlight = inFlight
    },
    inject: (name, fault, times = Number.POSITIVE_INFINITY) => {
      const list = faults.get(name) ?? []
      list.push({ fault, left: times })
      faults.set(name, list)
    },
    clearFaults: () => faults.clear(),
    setPackument: (name, document) => {
      own.set(name, JSON.stringify(document))
      served.delete(name)
    },
    lastHeaders: (name) => headers.get(name),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function json(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
