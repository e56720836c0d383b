// Streams one URL into a file through the outbound client (advisory, EPSS, KEV and CWE sources; issue 18
// item 3): redirects followed and each hop checked at connect time, the byte limit enforced while
// streaming, a whole-transfer time-out. Expected problems come back as values naming the URL (redacted).
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { failureOf, type OutboundClient } from './client'
import type { Reach } from './lookup'
import { redactUrl } from './redact'

export interface DownloadOptions {
  reach: Reach
  /** What allows private addresses for this use, named when one is refused. */
  allowedBy?: string
  maxBytes: number
  signal?: AbortSignal
  /** Whole transfer (default 15 minutes: OSV's all.zip exports are hundreds of MB). */
  timeoutMs?: number
  /** Redirects followed (default 5). */
  maxRedirects?: number
}

export type DownloadResult = { ok: true; url: string; bytes: number } | { ok: false; error: string }

/** Streams `url` into the file `dest`. */
export async function downloadToFile(
  client: OutboundClient,
  url: string,
  dest: string,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const timeoutMs = options.timeoutMs ?? 15 * 60_000
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  const shown = redactUrl(url)
  const late = () => ({
    ok: false as const,
    error: `Downloading ${shown} did not finish within ${Math.round(timeoutMs / 1000)} s.`,
  })
  const request = {
    url,
    reach: options.reach,
    ...(options.allowedBy ? { allowedBy: options.allowedBy } : {}),
    maxBytes: options.maxBytes,
    timeoutMs: Math.min(timeoutMs, 60_000),
    redirects: options.maxRedirects ?? 5,
    signal,
  }
  const answer = await client.open(request)
  if (!answer.ok)
    return deadline.aborted ? late() : { ok: false, error: `Could not fetch ${shown}: ${answer.message}.` }
  if (answer.status !== 200) {
    answer.body.on('error', () => {}).destroy()
    return { ok: false, error: `${answer.url} answered HTTP ${answer.status}.` }
  }
  let bytes = 0
  answer.body.on('data', (chunk: Buffer) => {
    bytes += chunk.length
  })
  try {
    await pipeline(answer.body, createWriteStream(dest), { signal })
  } catch (error) {
    if (deadline.aborted) return late()
    return { ok: false, error: `Downloading ${answer.url} failed: ${failureOf(error, request, 1).message}.` }
  }
  return { ok: true, url: answer.url, bytes }
}
