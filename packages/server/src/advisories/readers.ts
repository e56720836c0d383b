// Reading OSV records out of a local source (DESIGN §4 advisories "OSV import"; issue 9): an OSV
// all.zip, JSON Lines (optionally gzip, streamed line by line), one JSON file (a record or an array), or a
// folder of JSON files. Limits are explicit; content problems become warnings, a broken source throws.
import { createReadStream } from 'node:fs'
import { open, readdir, readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import type { OsvWarning } from '@sextant/engine'
import yauzl from 'yauzl'
import { recordEcosystems, recordHead } from './record-head'

export interface ImportLimits {
  /** One record (a JSONL line, a zip entry, an element of a JSON array). */
  maxRecordBytes: number
  /** A downloaded or local file as stored (compressed when it is a zip or gzip). */
  maxFileBytes: number
  /** A single JSON document (a .json file), which must be parsed whole. */
  maxJsonDocumentBytes: number
  /** All bytes after decompression, per source. */
  maxUncompressedBytes: number
  maxZipEntries: number
  /** Uncompressed/compressed ratio above which a zip entry is taken for a bomb. */
  maxZipRatio: number
  maxDirectoryFiles: number
  /** Nesting depth of one record's JSON. */
  maxJsonDepth: number
}

export const defaultImportLimits: ImportLimits = {
  maxRecordBytes: 8 * 1024 * 1024,
  maxFileBytes: 2 * 1024 ** 3,
  maxJsonDocumentBytes: 256 * 1024 * 1024,
  maxUncompressedBytes: 16 * 1024 ** 3,
  maxZipEntries: 1_000_000,
  maxZipRatio: 200,
  maxDirectoryFiles: 1_000_000,
  maxJsonDepth: 64,
}

/** A source that cannot be read at all (missing, corrupt, over a limit): the import stops with it. */
export class SourceError extends Error {}

export type RawItem =
  | { kind: 'record'; raw: unknown; bytes: number; file: string; line?: number }
  /** A record the store holds already at this `modified` (ReadOptions.isStored): not parsed. */
  | { kind: 'stored'; id: string; ecosystems: string[]; file: string; line?: number }
  | { kind: 'warning'; warning: OsvWarning }

export interface ReadOptions {
  /**
   * True when the store holds the record `id` at this `modified` already: a JSON Lines line or zip entry
   * whose id and modified read so (record-head.ts) is answered as 'stored' without being parsed.
   */
  isStored?: (id: string, modified: string) => boolean
}

/** The 'stored' item for a record's bytes when ReadOptions.isStored says so; null otherwise. */
function storedItem(
  bytes: Buffer,
  options: ReadOptions,
  file: string,
  line?: number,
): Extract<RawItem, { kind: 'stored' }> | null {
  if (!options.isStored) return null
  const head = recordHead(bytes)
  if (head === null || !options.isStored(head.id, head.modified)) return null
  const ecosystems = recordEcosystems(bytes)
  if (ecosystems === null) return null
  return {
    kind: 'stored',
    id: head.id,
    ecosystems,
    file,
    ...(line === undefined ? {} : { line }),
  }
}

const warn = (file: string, message: string, line?: number): RawItem => ({
  kind: 'warning',
  warning: { id: null, file, ...(line === undefined ? {} : { line }), message },
})

async function magic(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buf = Buffer.alloc(4)
    const { bytesRead } = await handle.read(buf, 0, 4, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Splits a byte stream at '\n' without holding more than `maxBytes` of one line. */
async function* lines(
  stream: Readable,
  limits: ImportLimits,
  file: string,
  options: ReadOptions,
): AsyncGenerator<RawItem> {
  let parts: Buffer[] = []
  let size = 0
  let total = 0
  let overflow = false
  let n = 0
  const emit = (): RawItem | null => {
    n++
    if (overflow) return warn(file, `line longer than ${limits.maxRecordBytes} bytes: skipped`, n)
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    const stored = storedItem(bytes, options, file, n)
    if (stored) return stored
    const text = bytes.toString('utf8').trim()
    if (text === '') return null
    try {
      return { kind: 'record', raw: JSON.parse(text), bytes: size, file, line: n }
    } catch {
      return warn(file, 'not valid JSON: line skipped', n)
    }
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > limits.maxUncompressedBytes)
      throw new SourceError(`${file} is larger than ${limits.maxUncompressedBytes} bytes once decompressed.`)
    let start = 0
    for (;;) {
      const nl = chunk.indexOf(10, start)
      const end = nl === -1 ? chunk.length : nl
      if (!overflow && end > start) {
        size += end - start
        if (size > limits.maxRecordBytes) {
          overflow = true
          parts = []
        } else parts.push(chunk.subarray(start, end))
      }
      if (nl === -1) break
      const item = emit()
      if (item) yield item
      parts = []
      size = 0
      overflow = false
      start = nl + 1
    }
  }
  if (size > 0 || overflow) {
    const item = emit()
    if (item) yield item
  }
}

function jsonDocument(text: string, file: string, limits: ImportLimits): RawItem[] {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return [warn(file, 'not valid JSON: file skipped')]
  }
  const items = Array.isArray(doc) ? doc : [doc]
  return items.map((raw) => {
    const bytes = Array.isArray(doc) ? JSON.stringify(raw).length : Buffer.byteLength(text)
    return bytes > limits.maxRecordBytes
      ? warn(file, `a record of ${bytes} bytes is over the limit of ${limits.maxRecordBytes}: skipped`)
      : { kind: 'record', raw, bytes, file }
  })
}

async function readStreamCapped(stream: Readable, max: number, what: string): Promise<Buffer> {
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) {
      stream.destroy()
      throw new SourceError(`${what} is larger than ${max} bytes.`)
    }
    parts.push(chunk)
  }
  return Buffer.concat(parts)
}

async function* zipRecords(
  path: string,
  name: string,
  limits: ImportLimits,
  options: ReadOptions,
): AsyncGenerator<RawItem> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    })
  } catch (error) {
    throw new SourceError(`${name} is not a readable zip archive: ${(error as Error).message}`)
  }
  try {
    if (zip.entryCount > limits.maxZipEntries)
      throw new SourceError(
        `${name} has ${zip.entryCount} entries, over the limit of ${limits.maxZipEntries}.`,
      )
    let total = 0
    for await (const entry of zip.eachEntry()) {
      const file = `${name}!${entry.fileName}`
      if (entry.fileName.endsWith('/') || !entry.fileName.toLowerCase().endsWith('.json')) continue
      if (entry.uncompressedSize > limits.maxRecordBytes) {
        yield warn(
          file,
          `entry of ${entry.uncompressedSize} bytes is over the limit of ${limits.maxRecordBytes}: skipped`,
        )
        continue
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
      if (ratio > limits.maxZipRatio && entry.uncompressedSize > 1024 * 1024) {
        yield warn(file, `compression ratio ${ratio.toFixed(0)} looks like a zip bomb: skipped`)
        continue
      }
      total += entry.uncompressedSize
      if (total > limits.maxUncompressedBytes)
        throw new SourceError(
          `${name} is larger than ${limits.maxUncompressedBytes} bytes once decompressed.`,
        )
      let content: Buffer
      try {
        content = await readStreamCapped(await zip.openReadStreamPromise(entry), limits.maxRecordBytes, file)
      } catch (error) {
        throw new SourceError(`${file} could not be read: ${(error as Error).message}`)
      }
      const stored = storedItem(content, options, file)
      if (stored) yield stored
      else yield* jsonDocument(content.toString('utf8'), file, limits)
    }
  } finally {
    zip.close()
  }
}

async function* jsonFile(
  path: string,
  file: string,
  limits: ImportLimits,
  options: ReadOptions,
): AsyncGenerator<RawItem> {
  const size = (await stat(path)).size
  if (size > limits.maxJsonDocumentBytes) {
    yield warn(
      file,
      `a JSON file of ${size} bytes is over the limit of ${limits.maxJsonDocumentBytes}: skipped`,
    )
    return
  }
  const content = await readFile(path)
  const stored = storedItem(content, options, file)
  if (stored) yield stored
  else yield* jsonDocument(content.toString('utf8'), file, limits)
}

async function* walk(dir: string, limits: ImportLimits, seen: { files: number }): AsyncGenerator<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))
  for (const e of entries) {
    const full = join(dir, e.name)
    // Symbolic links are not followed: a source folder cannot reach outside itself.
    if (e.isDirectory()) yield* walk(full, limits, seen)
    else if (e.isFile() && e.name.toLowerCase().endsWith('.json')) {
      if (++seen.files > limits.maxDirectoryFiles)
        throw new SourceError(`${dir} holds more than ${limits.maxDirectoryFiles} JSON files.`)
      yield full
    }
  }
}

/**
 * Every raw record of a local path. `name` (a URL's file name, say) decides the format with the file's
 * first bytes: zip and gzip by their magic numbers, `.json` as one document, anything else as JSON Lines.
 */
export async function* readLocalSource(
  path: string,
  limits: ImportLimits,
  name: string = path,
  options: ReadOptions = {},
): AsyncGenerator<RawItem> {
  let info: Awaited<ReturnType<typeof stat>>
  try {
    info = await stat(path)
  } catch {
    throw new SourceError(`${name} does not exist or cannot be read.`)
  }
  if (info.isDirectory()) {
    for await (const file of walk(path, limits, { files: 0 })) yield* jsonFile(file, file, limits, options)
    return
  }
  if (info.size > limits.maxFileBytes)
    throw new SourceError(`${name} is ${info.size} bytes, over the limit of ${limits.maxFileBytes}.`)
  const head = await magic(path)
  const lower = basename(name).toLowerCase()
  if (head[0] === 0x50 && head[1] === 0x4b) {
    yield* zipRecords(path, name, limits, options)
    return
  }
  if (head[0] === 0x1f && head[1] === 0x8b) {
    // Large chunks: a 300 MB file is then ~1,200 reads of the decompressed stream, not ~19,000.
    const gunzip = createGunzip({ chunkSize: 256 * 1024 })
    const done = pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), gunzip).catch(
      (error: Error) => {
        gunzip.destroy(error)
      },
    )
    try {
      if (lower.endsWith('.json.gz')) {
        const text = await readStreamCapped(gunzip, limits.maxJsonDocumentBytes, name)
        yield* jsonDocument(text.toString('utf8'), name, limits)
      } else yield* lines(gunzip, limits, name, options)
    } catch (error) {
      if (error instanceof SourceError) throw error
      throw new SourceError(`${name} is not a readable gzip file: ${(error as Error).message}`)
    } finally {
      gunzip.destroy()
      await done
    }
    return
  }
  if (lower.endsWith('.json')) {
    yield* jsonFile(path, name, limits, options)
    return
  }
  yield* lines(createReadStream(path, { highWaterMark: 1024 * 1024 }), limits, name, options)
}
