// Wraps an extractor's parse function with the rules every extractor shares (DESIGN §4, §7):
// the file-size and graph-size limits, and "never throw": an unexpected exception becomes a FileError.
import type { Extractor, ExtractResult } from '../types'
import { GraphLimitError } from './graph-builder'
import {
  graphLimitMessage,
  MAX_FILE_BYTES,
  MAX_FILE_LABEL,
  MAX_GRAPH_COMPONENTS,
  MAX_GRAPH_EDGES,
} from './limits'

/** The graph limit a result breaks, for extractors that build their graph without a GraphBuilder. */
function oversized(result: ExtractResult): string | null {
  if (!result.ok) return null
  if (result.graph.components.length > MAX_GRAPH_COMPONENTS)
    return graphLimitMessage('components', MAX_GRAPH_COMPONENTS)
  if (result.graph.edges.length > MAX_GRAPH_EDGES) return graphLimitMessage('edges', MAX_GRAPH_EDGES)
  return null
}

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
        const result = def.extract(file, ctx)
        const tooLarge = oversized(result)
        return tooLarge ? { ok: false, error: { file: file.path, message: tooLarge }, warnings: [] } : result
      } catch (e) {
        if (e instanceof GraphLimitError)
          return { ok: false, error: { file: file.path, message: e.message }, warnings: [] }
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
