// Reading one enrichment file as text (issue 9 "every import takes a file or a URL"): a local path or an
// http(s) URL fetched through the outbound client (SSRF rule, DESIGN §7); gzip (.csv.gz) and zip
// (MITRE's .csv.zip: its first .csv or .json entry) unpacked under a size limit. Problems are values.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { gunzip } from 'node:zlib'
import yauzl from 'yauzl'
import { isUrlLocation } from '../advisories/sources'
import { downloadToFile, type OutboundClient } from '../http-client'

export interface ReadOptions {
  allowPrivateAddresses?: boolean
  /** The process's outbound client; needed for an http(s) location. */
  outbound?: OutboundClient
  /** The file as stored or downloaded, and its text once unpacked. */
  maxBytes?: number
  signal?: AbortSignal
}

export type SourceText = { ok: true; text: string; name: string } | { ok: false; error: string }

const DEFAULT_MAX = 512 * 1024 * 1024

function gunzipCapped(data: Buffer, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    gunzip(data, { maxOutputLength: max }, (error, out) => (error ? reject(error) : resolve(out))),
  )
}

async function unzipFirst(path: string, name: string, max: number): Promise<{ text: string; name: string }> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, validateEntrySizes: true })
  try {
    for await (const entry of zip.eachEntry()) {
      if (!/\.(csv|json)$/i.test(entry.fileName)) continue
      if (entry.uncompressedSize > max)
        throw new Error(`${entry.fileName} is ${entry.uncompressedSize} bytes once unpacked, over ${max}`)
      const parts: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) parts.push(chunk as Buffer)
      return { text: Buffer.concat(parts).toString('utf8'), name: `${name}!${entry.fileName}` }
    }
    throw new Error('it holds no .csv or .json file')
  } finally {
    zip.close()
  }
}

async function readLocal(path: string, name: string, max: number): Promise<SourceText> {
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) return { ok: false, error: `${name} is not a file.` }
    size = info.size
  } catch {
    return { ok: false, error: `${name} does not exist or cannot be read.` }
  }
  if (size > max) return { ok: false, error: `${name} is ${size} bytes, over the limit of ${max}.` }
  const data = await readFile(path)
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      return { ok: true, text: (await gunzipCapped(data, max)).toString('utf8'), name }
    } catch (error) {
      return {
        ok: false,
        error: `${name} is not a readable gzip file (or unpacks past ${max} bytes): ${(error as Error).message}`,
      }
    }
  }
  if (data[0] === 0x50 && data[1] === 0x4b) {
    try {
      return { ok: true, ...(await unzipFirst(path, name, max)) }
    } catch (error) {
      return { ok: false, error: `${name} is not a usable zip archive: ${(error as Error).message}` }
    }
  }
  return { ok: true, text: data.toString('utf8'), name }
}

/** The text of `location` (a path or an http(s) URL); `name` is the file name warnings cite. */
export async function readSourceText(location: string, options: ReadOptions = {}): Promise<SourceText> {
  const max = options.maxBytes ?? DEFAULT_MAX
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(location)?.[1]
  if (scheme !== undefined && !isUrlLocation(location))
    return { ok: false, error: `Only http and https URLs can be fetched, not ${scheme}: (${location}).` }
  if (!isUrlLocation(location)) return readLocal(location, basename(location), max)
  const dir = await mkdtemp(join(tmpdir(), 'sx-enrich-'))
  try {
    let name = 'download'
    try {
      name = basename(new URL(location).pathname) || name
    } catch {
      // the download names the problem
    }
    const path = join(dir, 'source')
    if (!options.outbound) throw new Error(`readSourceText: no outbound client to fetch ${location}`)
    const got = await downloadToFile(options.outbound, location, path, {
      reach: options.allowPrivateAddresses === true ? 'any' : 'public',
      allowedBy: '--allow-private',
      maxBytes: max,
      ...(options.signal ? { signal: options.signal } : {}),
    })
    if (!got.ok) return got
    return await readLocal(path, name, max)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
