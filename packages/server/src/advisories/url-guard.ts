// Fetching an advisory source from an http(s) URL under the SSRF rule of DESIGN §7: private, loopback,
// link-local and other non-public addresses are refused unless the caller allows them, on every redirect
// hop; the body streams to a temporary file under a byte limit. Expected problems are returned as values.

import { createWriteStream } from 'node:fs'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { checkPublicHost } from '../http-client'

export type UrlCheck = { ok: true; url: URL } | { ok: false; error: string }

/** Checks scheme and every address the host name resolves to. */
export async function checkUrl(text: string, allowPrivate: boolean): Promise<UrlCheck> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, error: `'${text}' is not a valid URL.` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: `Only http and https URLs can be fetched, not ${url.protocol} (${text}).` }
  if (url.username || url.password)
    return { ok: false, error: `Credentials in the URL are not accepted (${url.host}).` }
  if (allowPrivate) return { ok: true, url }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const check = await checkPublicHost(host)
  if (!check.ok && check.reason === 'unresolvable')
    return { ok: false, error: `The host ${host} could not be resolved (${check.detail}).` }
  if (!check.ok)
    return {
      ok: false,
      error: `Refused to fetch ${url.origin}: ${check.address ?? 'no address'} is a private, loopback or otherwise non-public address (DESIGN §7 SSRF rule). An operator may allow it explicitly.`,
    }
  return { ok: true, url }
}

export interface DownloadOptions {
  allowPrivate: boolean
  maxBytes: number
  signal?: AbortSignal
  /** Whole-transfer time-out. */
  timeoutMs?: number
  maxRedirects?: number
}

export type DownloadResult = { ok: true; url: URL; bytes: number } | { ok: false; error: string }

function errorCode(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause
    return cause?.code ?? cause?.message ?? error.message
  }
  return String(error)
}

/** Streams `url` into the file `dest`, following up to `maxRedirects` redirects, each one checked. */
export async function downloadToFile(
  text: string,
  dest: string,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15 * 60_000)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let current = text
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    const check = await checkUrl(current, options.allowPrivate)
    if (!check.ok) return check
    let res: Response
    try {
      res = await fetch(check.url, { redirect: 'manual', signal })
    } catch (error) {
      return { ok: false, error: `Could not fetch ${check.url.href}: ${errorCode(error)}.` }
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel()
      current = new URL(res.headers.get('location') ?? '', check.url).href
      continue
    }
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel()
      return { ok: false, error: `${check.url.href} answered HTTP ${res.status}.` }
    }
    const declared = Number(res.headers.get('content-length') ?? 0)
    if (declared > options.maxBytes) {
      await res.body.cancel()
      return {
        ok: false,
        error: `${check.url.href} is ${declared} bytes, over the limit of ${options.maxBytes}.`,
      }
    }
    let bytes = 0
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length
        if (bytes > options.maxBytes) done(new Error(`over the limit of ${options.maxBytes} bytes`))
        else done(null, chunk)
      },
    })
    try {
      await pipeline(
        Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        limit,
        createWriteStream(dest),
        { signal },
      )
    } catch (error) {
      return { ok: false, error: `Downloading ${check.url.href} failed: ${errorCode(error)}.` }
    }
    return { ok: true, url: check.url, bytes }
  }
  return { ok: false, error: `Too many redirects fetching ${text}.` }
}
