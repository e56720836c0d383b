// Recognising an advisory file imported already (issue 20 "A store the size of OSV": re-import of an
// unchanged 220k-record file ≤ 5 s). The digest covers the file's bytes and what decides how they are read
// (the name that picks the format, the limits, the reading's version), so the same digest means the same
// records, warnings and counts. A file is skipped only while the store still holds as many records from
// its source as after that import (none deleted or taken over by another source since).
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { ImportLimits } from './readers'

/** Raise when reading or storing records changes, so that files imported before are read again. */
const READING_VERSION = 1

/** What a file was when digested: an import is kept only when the file is still so once it is read. */
export interface FileDigest {
  value: string
  size: number
  mtimeMs: number
  ino: number
}

/**
 * The digest of the file at `path` read as `name`; null for a folder (read record by record every time)
 * and for a file the reader will refuse (missing, over the size limit), which it then reports.
 */
export async function digestOfFile(
  path: string,
  name: string,
  limits: ImportLimits,
): Promise<FileDigest | null> {
  const before = await stat(path).catch(() => null)
  if (before === null || !before.isFile() || before.size > limits.maxFileBytes) return null
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ version: READING_VERSION, name, limits }))
  hash.update('\n')
  await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), hash)
  return { value: hash.digest('hex'), size: before.size, mtimeMs: before.mtimeMs, ino: before.ino }
}

/** True when the file at `path` is still the one digested (not replaced or written to since). */
export async function unchangedSince(path: string, digest: FileDigest): Promise<boolean> {
  try {
    const now = await stat(path)
    return now.size === digest.size && now.mtimeMs === digest.mtimeMs && now.ino === digest.ino
  } catch {
    return false
  }
}
