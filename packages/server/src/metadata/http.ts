// Registry GETs of the metadata datasources (DESIGN §4 datasources; issue 5 "Datasources") over the one
// outbound client (issue 18 item 3), which owns retries with back-off, 429 Retry-After, time-outs, the
// per-host limit, proxies, credentials and the size limit. This adapter only turns statuses into
// outcomes (ETag / 304, 404, failures); registries are operator-configured, so any address may be reached.
import { createOutboundClient, DEFAULT_OUTBOUND, type OutboundClient } from '../http-client'

export interface HttpOptions {
  /** Requests in flight per host (default 8); only when this adapter makes its own client. */
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
}

export interface HttpGet {
  url: string
  accept: string
  /** Sent as If-None-Match; a 304 answers `not-modified`. */
  etag?: string | null
}

export type HttpOutcome =
  /** `body`: the bytes as received (decoded from their content-encoding), not a string (issue 20). */
  | { kind: 'ok'; body: Buffer; etag: string | null }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'not-found'; status: number }
  | { kind: 'failed'; status: number | null; message: string }

const defaults = {
  retries: 3,
  backoffMs: 250,
  maxRetryAfterMs: 30_000,
  timeoutMs: 30_000,
  maxBytes: 128 * 1024 * 1024,
}

const afterAttempts = (attempts: number) => (attempts > 1 ? ` (after ${attempts} attempts)` : '')

export class HttpClient {
  private readonly o: typeof defaults
  readonly outbound: OutboundClient
  private readonly sent0: number

  constructor(options: HttpOptions = {}, outbound?: OutboundClient) {
    this.outbound =
      outbound ??
      createOutboundClient(DEFAULT_OUTBOUND, {
        ...(options.concurrencyPerHost ? { concurrencyPerHost: options.concurrencyPerHost } : {}),
      })
    this.sent0 = this.outbound.requestCount
    this.o = {
      retries: options.retries ?? defaults.retries,
      backoffMs: options.backoffMs ?? defaults.backoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? defaults.maxRetryAfterMs,
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      maxBytes: options.maxBytes ?? defaults.maxBytes,
    }
  }

  /** Requests sent since this adapter was made (attempts and redirect hops): for tests and benchmarks. */
  get requestCount(): number {
    return this.outbound.requestCount - this.sent0
  }

  async get(request: HttpGet): Promise<HttpOutcome> {
    const headers: Record<string, string> = { accept: request.accept }
    if (request.etag) headers['if-none-match'] = request.etag
    const answer = await this.outbound.request({
      url: request.url,
      headers,
      reach: 'any',
      maxBytes: this.o.maxBytes,
      timeoutMs: this.o.timeoutMs,
      retries: this.o.retries,
      backoffMs: this.o.backoffMs,
      maxRetryAfterMs: this.o.maxRetryAfterMs,
      redirects: 5,
    })
    if (!answer.ok)
      return { kind: 'failed', status: null, message: `${answer.message}${afterAttempts(answer.attempts)}` }
    const { status } = answer
    const etag = answer.headers.etag ?? null
    if (status === 304) return { kind: 'not-modified', etag: etag ?? request.etag ?? null }
    if (status === 404 || status === 410) return { kind: 'not-found', status }
    if (status < 200 || status >= 300) {
      const what = status === 429 ? 'HTTP 429 Too Many Requests' : `HTTP ${status}`
      const why = answer.note ? `; ${answer.note}` : afterAttempts(answer.attempts)
      return { kind: 'failed', status, message: `${what}${why}` }
    }
    return { kind: 'ok', body: answer.body, etag }
  }
}
