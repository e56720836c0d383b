// Wraps an extractor's parse function with the rules every extractor shares (DESIGN §4, §7):
// the file-size limit, and "never throw": an unexpected exception becomes a FileError, not a crash.
import type { Extractor } from '../types'
import { MAX_FILE_BYTES, MAX_FILE_LABEL } from './limits'

export function defineExtractor(
  def: Omit<Extractor, 'datasources'> & { datasources?: readonly string[] },
): Extractor {
  return {
    ...def,
    datasources: def.datasources ?? [],
    extract(file, ctx) {
      if (file.content.length > MAX_FILE_BYTES) {
        return {
          ok: false,
          error: { file: file.path, message: `file too large (limit ${MAX_FILE_LABEL})` },
          warnings: [],
        }
      }
      try {
        return def.extract(file, ctx)
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e)
        return {
          ok: false,
          error: { file: file.path, message: `could not be read: ${message}` },
          warnings: [],
        }
      }
    },
  }
}

/** The last path segment, for `matches`. */
export function baseName(path: string): string {
  const i = path.lastIndexOf('/')
  return i === -1 ? path : path.slice(i + 1)
}

export function dirName(path: string): string {
  const i = path.lastIndexOf('/')
  return i === -1 ? '' : path.slice(0, i)
}

/** Joins root-relative path parts, resolving `.` and `..` (never above the root). */
export function joinPath(...parts: string[]): string {
  const out: string[] = []
  for (const part of parts.join('/').split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') out.pop()
    else out.push(part)
  }
  return out.join('/')
}
