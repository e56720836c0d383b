// The one HTTP client of the registry datasources (DESIGN §4 "Caching, retries, concurrency limits and
// offline behaviour live once, in the datasource facade"; issue 5 "Datasources"): per-host limit,
// retries with exponential backoff and jitter, 429 Retry-After (bounded), timeouts, conditional GET
// (ETag), a response size limit. Answers outcomes as values; it never throws for a failed request.
import { HostLimiter } from '../http-client/limiter'

export interface HttpOptions {
  fetch?: typeof fetch
  /** Requests in flight per host (default 8). */
  concurrencyPerHost?: number
  /** Further attempts after the first on network errors, timeouts, 5xx and 429 (default 3). */
  retries?: number
  /** First backoff; doubled each attempt, plus up to 50 % jitter (default 250 ms). */
  backoffMs?: number
  /** A Retry-After longer than this is not waited for: the request fails at once (default 30 s). */
  maxRetryAfterMs?: number
  /** Per attempt, headers and body together (default 30 s). */
  timeoutMs?: number
  /** Largest body read (default 128 MiB: full packuments of popular packages are tens of MB). */
  maxBytes?: number
  sleep?: (ms: number) => Promise<void>
}

export interface HttpGet {
  url: string
  accept: string
  /** Sent as If-None-Match; a 304 answers `not-modified`. */
  etag?: string | null
}

export type HttpOutcome =
  | { kind: 'ok'; body: string; etag: string | null }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'not-found'; status: number }
  | { kind: 'failed'; status: number | null; message: string }

type Attempt = HttpOutcome | { kind: 'retry'; status: number | null; message: string; waitMs: number | null }

const defaults = {
  concurrencyPerHost: 8,
  retries: 3,
  backoffMs: 250,
  maxRetryAfterMs: 30_000,
  timeoutMs: 30_000,
  maxBytes: 128 * 1024 * 1024,
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class HttpClient {
  private readonly fetch: typeof fetch
  private readonly limiter: HostLimiter
  private readonly o: typeof defaults
  private readonly sleep: (ms: number) => Promise<void>
  /** Requests sent (attempts, retries included): for tests and benchmarks. */
  requestCount = 0

  constructor(options: HttpOptions = {}) {
    this.fetch = options.fetch ?? globalThis.fetch
    this.sleep = options.sleep ?? sleepFor
    this.o = {
      concurrencyPerHost: options.concurrencyPerHost ?? defaults.concurrencyPerHost,
      retries: options.retries ?? defaults.retries,
      backoffMs: options.backoffMs ?? defaults.backoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? defaults.maxRetryAfterMs,
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      maxBytes: options.maxBytes ?? defaults.maxBytes,
    }
    this.limiter = new HostLimiter(this.o.concurrencyPerHost)
  }

  async get(request: HttpGet): Promise<HttpOutcome> {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return { kind: 'failed', status: null, message: `not a URL: ${request.url}` }
    }
    for (let attempt = 0; ; attempt++) {
      const result = await this.limiter.run(url, () => this.attempt(url, request))
      if (result.kind !== 'retry') return result
      if (attempt >= this.o.retries) {
        return {
          kind: 'failed',
          status: result.status,
          message: `${result.message} (after ${attempt + 1} attempts)`,
        }
      }
      if (result.waitMs !== null && result.waitMs > this.o.maxRetryAfterMs) {
        return {
          kind: 'failed',
          status: result.status,
          message: `${result.message}; Retry-After of ${Math.ceil(result.waitMs / 1000)} s exceeds the ${Math.ceil(this.o.maxRetryAfterMs / 1000)} s bound`,
        }
      }
      const backoff = this.o.backoffMs * 2 ** attempt
      await this.sleep(result.waitMs ?? backoff + Math.random() * backoff * 0.5)
    }
  }

  private async attempt(url: URL, request: HttpGet): Promise<Attempt> {
    this.requestCount++
    const headers: Record<string, string> = { accept: request.accept }
    if (request.etag) headers['if-none-match'] = request.etag
    const signal = AbortSignal.timeout(this.o.timeoutMs)
    let response: Response
    try {
      response = await this.fetch(url, { headers, signal, redirect: 'follow' })
    } catch (error) {
      return { kind: 'retry', status: null, message: describeError(error, this.o.timeoutMs), waitMs: null }
    }
    const etag = response.headers.get('etag')
    const status = response.status
    if (status === 304) {
      await response.body?.cancel()
      return { kind: 'not-modified', etag: etag ?? request.etag ?? null }
    }
    if (status === 404 || status === 410) {
      await response.body?.cancel()
      return { kind: 'not-found', status }
    }
    if (status === 429 || status >= 500) {
      await response.body?.cancel()
      const waitMs = status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null
      const message = status === 429 ? 'HTTP 429 Too Many Requests' : `HTTP ${status}`
      return { kind: 'retry', status, message, waitMs }
    }
    if (status < 200 || status >= 300) {
      await response.body?.cancel()
      return { kind: 'failed', status, message: `HTTP ${status}` }
    }
    try {
      const body = await readLimited(response, this.o.maxBytes)
      if (body === null) {
        return { kind: 'failed', status, message: `response larger than ${this.o.maxBytes} bytes` }
      }
      return { kind: 'ok', body, etag }
    } catch (error) {
      return { kind: 'retry', status, message: describeError(error, this.o.timeoutMs), waitMs: null }
    }
  }
}

/** Reads the (already decompressed) body as UTF-8; `null` when it exceeds `maxBytes`. */
async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  // content-length is the compressed size when gzip'd; it can only rule out, not admit.
  if (!response.headers.get('content-encoding') && declared > maxBytes) {
    await response.body?.cancel()
    return null
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString('utf8')
}

/** Retry-After as delta-seconds or an HTTP date; `null` when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `unreachable (${error instanceof Error ? error.message : String(error)}${cause})`
}
