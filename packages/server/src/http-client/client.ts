// The outbound HTTP client (issue 18 item 3): every request the server makes goes through one
// OutboundClient. It checks addresses at connect time (connector.ts), goes through the configured
// proxy, attaches per-host credentials, streams bodies under a byte limit, owns time-outs, retries with
// back-off and a per-host concurrency limit, and answers problems as values (never throws for them).
import type { Socket } from 'node:net'
import { pipeline, type Readable, Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { Agent } from 'undici'
import {
  type ConnectorOptions,
  createConnector,
  openTunnel,
  ProxyError,
  ProxyTunnels,
  type TunnelRequest,
} from './connector'
import { CredentialStore } from './credentials'
import { HostLimiter } from './limiter'
import {
  AddressRefusedError,
  checkPublicHost,
  type HostCheck,
  type Reach,
  type Resolve,
  systemResolve,
  UnresolvableError,
} from './lookup'
import { OutcomeLog, originKey } from './outcomes'
import { ProxyRules } from './proxy'
import { redactUrl } from './redact'
import type { OutboundSettings } from './settings'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface OutboundRequest {
  url: string
  method?: HttpMethod
  headers?: Record<string, string>
  body?: string | Uint8Array
  /**
   * 'public': only public addresses (a destination a user chose); 'any': the operator chose the
   * destination or allowed private addresses for this use.
   */
  reach: Reach
  /** What allows private addresses for this use (`SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true`), named when one is refused. */
  allowedBy?: string
  /** Largest body accepted, after decompression; past it the transfer is aborted. */
  maxBytes: number
  /** request(): per attempt, until the whole body is in. open(): until the headers, then between chunks. */
  timeoutMs: number
  /** Further attempts after the first (GET and HEAD only) on network errors, time-outs, 429 and 5xx. */
  retries?: number
  /** First back-off, doubled each attempt, plus up to 50 % jitter (default 250 ms). */
  backoffMs?: number
  /** A longer Retry-After is not waited for: the 429 is answered at once (default 30 s). */
  maxRetryAfterMs?: number
  /** Redirects followed for GET and HEAD (default 0: a 3xx is answered as it is); each hop is checked again. */
  redirects?: number
  signal?: AbortSignal
}

export type FailureKind =
  | 'invalid'
  | 'refused'
  | 'unresolvable'
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'aborted'

/** A request that got no usable answer. `message` names the cause, never a credential. */
export interface OutboundFailure {
  ok: false
  kind: FailureKind
  message: string
  attempts: number
}

interface Answer {
  ok: true
  status: number
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
  /** The URL that answered (after redirects), without credentials. */
  url: string
  attempts: number
  /** Why a retryable status was answered without retrying it (a Retry-After past the bound). */
  note: string | null
}

export interface OutboundResponse extends Answer {
  body: Buffer
}

/** The caller must read `body` to its end or destroy it: the host's slot is held until then. */
export interface OutboundStream extends Answer {
  body: Readable
}

export interface OutboundOptions {
  settings: OutboundSettings
  /** Host name → addresses; tests inject one (DNS rebinding), the system resolver otherwise. */
  resolve?: Resolve
  /** Requests in flight per host (default 8). */
  concurrencyPerHost?: number
  connectTimeoutMs?: number
  sleep?: (ms: number) => Promise<void>
}

/** Thrown inside a body stream past its limit. */
export class TooLargeError extends Error {
  readonly code = 'ESEXTANT_TOO_LARGE'
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than the limit of ${maxBytes} bytes`)
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Caller headers that stay with the origin they were given for. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization']

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Retry-After as delta-seconds or an HTTP date; `null` when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

function causes(error: unknown): unknown[] {
  const list: unknown[] = []
  for (let e = error; e && list.length < 6; e = (e as { cause?: unknown }).cause) list.push(e)
  return list
}

/** Turns what a request or a body stream threw into a failure value. */
export function failureOf(
  error: unknown,
  request: Pick<OutboundRequest, 'timeoutMs' | 'allowedBy' | 'signal'>,
  attempts: number,
  timedOut = false,
): OutboundFailure {
  const fail = (kind: FailureKind, message: string): OutboundFailure => ({
    ok: false,
    kind,
    message,
    attempts,
  })
  const chain = causes(error)
  const ours = chain.find(
    (e) =>
      e instanceof AddressRefusedError ||
      e instanceof UnresolvableError ||
      e instanceof TooLargeError ||
      e instanceof ProxyError,
  )
  if (ours instanceof AddressRefusedError) {
    const allow = request.allowedBy ? `; the operator may allow it with ${request.allowedBy}` : ''
    return fail('refused', `refused: ${ours.message} (DESIGN §7 SSRF rule${allow})`)
  }
  if (ours instanceof UnresolvableError) return fail('unresolvable', ours.message)
  if (ours instanceof TooLargeError) return fail('too-large', ours.message)
  if (ours instanceof ProxyError) return fail('unreachable', ours.message)
  const codes = chain
    .map((e) => (e as { code?: unknown }).code)
    .filter((c): c is string => typeof c === 'string')
  if (timedOut || codes.includes('UND_ERR_HEADERS_TIMEOUT') || codes.includes('UND_ERR_BODY_TIMEOUT'))
    return fail('timeout', `no answer within ${request.timeoutMs} ms`)
  if (request.signal?.aborted) return fail('aborted', 'stopped before the answer was complete')
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT'))
    return fail('unreachable', 'unreachable (connection timed out)')
  const first = chain[0]
  const detail =
    codes.find((c) => !c.startsWith('UND_ERR')) ?? (first instanceof Error ? first.message : String(first))
  return fail('unreachable', `unreachable (${detail})`)
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** The body decoded (content-encoding) and cut at `maxBytes` decoded bytes. */
function limitedBody(raw: Readable, encoding: string | undefined, maxBytes: number): Readable {
  let seen = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > maxBytes) done(new TooLargeError(maxBytes))
      else done(null, chunk)
    },
  })
  const coding = (encoding ?? '').trim().toLowerCase()
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : null
  const noop = () => {}
  return decoder ? pipeline(raw, decoder, limit, noop) : pipeline(raw, limit, noop)
}

/** Drops a body nobody will read (an error after that is nobody's concern). */
function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Whether a body stream's error came from its request's deadline (set per attempt). */
const deadlineOf = new WeakMap<Readable, () => boolean>()

type Attempt = { kind: 'answer'; answer: OutboundStream } | { kind: 'failure'; failure: OutboundFailure }

export class OutboundClient {
  private readonly agents: Record<Reach, Agent>
  private readonly tunnels: ProxyTunnels
  private readonly connectorOptions: Omit<ConnectorOptions, 'reach'>
  private readonly credentials: CredentialStore
  private readonly limiter: HostLimiter
  private readonly sleep: (ms: number) => Promise<void>
  /** Attempts sent (retries and redirect hops included): for tests and benchmarks. */
  requestCount = 0
  /** The last answer and failure per origin (GET /admin/server/site/network), in memory. */
  readonly outcomes = new OutcomeLog()

  constructor(options: OutboundOptions) {
    this.connectorOptions = {
      resolve: options.resolve ?? systemResolve,
      proxies: new ProxyRules(options.settings.proxy),
      extraCaCerts: options.settings.extraCaCerts,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    }
    this.tunnels = new ProxyTunnels(this.connectorOptions)
    const agent = (reach: Reach) =>
      new Agent({ connect: createConnector({ ...this.connectorOptions, reach }, this.tunnels) })
    this.agents = { public: agent('public'), any: agent('any') }
    this.credentials = new CredentialStore(options.settings.credentials)
    this.limiter = new HostLimiter(options.concurrencyPerHost ?? 8)
    this.sleep = options.sleep ?? sleepFor
  }

  /** The whole answer in memory (within `maxBytes`). Non-2xx statuses are answers, not failures. */
  async request(request: OutboundRequest): Promise<OutboundResponse | OutboundFailure> {
    return this.noted(request.url, await this.send(request, true)) as OutboundResponse | OutboundFailure
  }

  /** The answer as a stream (downloads, server-sent events); see OutboundStream. */
  async open(request: OutboundRequest): Promise<OutboundStream | OutboundFailure> {
    return this.noted(request.url, await this.send(request, false)) as OutboundStream | OutboundFailure
  }

  /** Records the outcome for the request's origin (an invalid URL reached nothing: not recorded). */
  private noted<T extends OutboundResponse | OutboundStream | OutboundFailure>(
    address: string,
    result: T,
  ): T {
    const origin = originKey(address)
    if (!origin) return result
    if (result.ok) this.outcomes.answered(origin, result.status)
    else if (result.kind !== 'invalid' && result.kind !== 'aborted')
      this.outcomes.failed(origin, result.message)
    return result
  }

  /**
   * The early check when a user gives a URL (answers a clear message at once); the connection checks
   * again on the address it dials, through the same resolver.
   */
  checkHost(host: string): Promise<HostCheck> {
    return checkPublicHost(host, this.connectorOptions.resolve)
  }

  /** A raw socket to a checked address (git's transports), through the proxy for 'http:' / 'https:'. */
  async tunnel(request: TunnelRequest): Promise<{ ok: true; socket: Socket } | OutboundFailure> {
    const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname
    const origin = `${request.transport === 'tcp' ? 'tcp:' : request.transport}//${host}:${request.port}`
    try {
      const socket = await openTunnel(request, this.connectorOptions, this.tunnels)
      this.outcomes.answered(origin, null)
      return { ok: true, socket }
    } catch (error) {
      const failure = failureOf(
        error,
        {
          timeoutMs: this.connectorOptions.connectTimeoutMs,
          ...(request.allowedBy ? { allowedBy: request.allowedBy } : {}),
        },
        1,
      )
      if (failure.kind !== 'aborted') this.outcomes.failed(origin, failure.message)
      return failure
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.agents.public.close(), this.agents.any.close(), this.tunnels.close()])
  }

  private async send(
    request: OutboundRequest,
    read: boolean,
  ): Promise<OutboundResponse | OutboundStream | OutboundFailure> {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return { ok: false, kind: 'invalid', message: `not a URL: ${redactUrl(request.url)}`, attempts: 0 }
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return {
        ok: false,
        kind: 'invalid',
        message: `only http and https can be fetched, not ${url.protocol}`,
        attempts: 0,
      }
    if (url.username || url.password)
      return {
        ok: false,
        kind: 'invalid',
        message: 'credentials in a request URL are not sent: configure them for the host instead',
        attempts: 0,
      }
    const method = request.method ?? 'GET'
    const retries = method === 'GET' || method === 'HEAD' ? (request.retries ?? 0) : 0
    const backoffMs = request.backoffMs ?? 250
    const maxRetryAfterMs = request.maxRetryAfterMs ?? 30_000
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(url, method, request, read, attempt)
      const last = attempt > retries
      const backoff = backoffMs * 2 ** (attempt - 1)
      if (result.kind === 'failure') {
        const retryable = result.failure.kind === 'unreachable' || result.failure.kind === 'timeout'
        if (!retryable || last) return result.failure
        await this.sleep(backoff + Math.random() * backoff * 0.5)
        continue
      }
      const { answer } = result
      const status = answer.status
      if (last || (status !== 429 && status < 500)) return read ? this.readAll(answer, request) : answer
      const wait = status === 429 ? retryAfterMs(answer.headers['retry-after']) : null
      if (wait !== null && wait > maxRetryAfterMs) {
        const note = `Retry-After of ${Math.ceil(wait / 1000)} s exceeds the ${Math.ceil(maxRetryAfterMs / 1000)} s bound`
        const noted = { ...answer, note }
        return read ? this.readAll(noted, request) : noted
      }
      discard(answer.body)
      await this.sleep(wait ?? backoff + Math.random() * backoff * 0.5)
    }
  }

  private async readAll(
    answer: OutboundStream,
    request: OutboundRequest,
  ): Promise<OutboundResponse | OutboundFailure> {
    try {
      return { ...answer, body: await collect(answer.body) }
    } catch (error) {
      return failureOf(error, request, answer.attempts, deadlineOf.get(answer.body)?.() ?? false)
    }
  }

  private async attempt(
    url: URL,
    method: HttpMethod,
    request: OutboundRequest,
    read: boolean,
    attempts: number,
  ): Promise<Attempt> {
    const release = await this.limiter.acquire(url)
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, request.timeoutMs)
    const onAbort = () => controller.abort()
    request.signal?.addEventListener('abort', onAbort)
    if (request.signal?.aborted) controller.abort()
    const done = () => {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
      release()
    }
    let current = url
    const currentMethod = method
    try {
      for (let hop = 0; ; hop++) {
        this.requestCount++
        const headers: Record<string, string> = {
          'user-agent': 'Sextant',
          'accept-encoding': 'gzip, deflate, br',
        }
        Object.assign(headers, this.credentials.headersFor(current))
        for (const [name, value] of Object.entries(request.headers ?? {})) {
          if (current.origin !== url.origin && ORIGIN_BOUND.includes(name.toLowerCase())) continue
          headers[name.toLowerCase()] = value
        }
        const res = await this.agents[request.reach].request({
          origin: current.origin,
          path: `${current.pathname}${current.search}`,
          method: currentMethod,
          headers,
          body: currentMethod === method ? request.body : undefined,
          signal: controller.signal,
          headersTimeout: request.timeoutMs,
          bodyTimeout: request.timeoutMs,
        })
        const location = res.headers.location
        const follow =
          REDIRECTS.has(res.statusCode) &&
          typeof location === 'string' &&
          hop < (request.redirects ?? 0) &&
          (currentMethod === 'GET' || currentMethod === 'HEAD')
        if (follow) {
          discard(res.body)
          const next = new URL(location, current)
          if (next.protocol !== 'http:' && next.protocol !== 'https:')
            throw new Error(`redirected to ${next.protocol}`)
          if (current.protocol === 'https:' && next.protocol === 'http:')
            throw new Error(`redirected from https to http (${redactUrl(next.href)}): not followed`)
          current = next
          continue
        }
        const headersOut = flatHeaders(res.headers)
        const declared = Number(headersOut['content-length'] ?? Number.NaN)
        // content-length counts encoded bytes: it can rule out an identity body, never admit one.
        if (!headersOut['content-encoding'] && declared > request.maxBytes) {
          discard(res.body)
          throw new TooLargeError(request.maxBytes)
        }
        const body = limitedBody(res.body, headersOut['content-encoding'], request.maxBytes)
        // Only request() keeps the whole-attempt deadline over the body; open()'s body has the idle time-out.
        if (!read) clearTimeout(timer)
        body.once('close', done)
        deadlineOf.set(body, () => timedOut)
        return {
          kind: 'answer',
          answer: {
            ok: true,
            status: res.statusCode,
            headers: headersOut,
            url: redactUrl(current.href),
            attempts,
            note: null,
            body,
          },
        }
      }
    } catch (error) {
      done()
      return { kind: 'failure', failure: failureOf(error, request, attempts, timedOut) }
    }
  }
}
