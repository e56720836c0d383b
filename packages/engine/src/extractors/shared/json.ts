// Safe JSON reading for lockfiles and SBOMs (DESIGN §7 JSON depth limit, STYLE rule 5).
// Invalid or too-deep JSON becomes a FileError naming file and line instead of an exception.
import { isObject } from '../../model/json'
import type { FileError } from '../types'
import { MAX_NESTING_DEPTH } from './limits'
import { lineAt } from './lines'

export type JsonResult = { ok: true; value: unknown } | { ok: false; error: FileError }

/** Nesting depth check outside strings, before JSON.parse can recurse deeply. */
function depthProblem(text: string): number | null {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      // Jump to the closing quote: lockfiles are mostly strings, indexOf skips them natively.
      for (;;) {
        const end = text.indexOf('"', i + 1)
        if (end === -1) return null
        let backslashes = 0
        for (let j = end - 1; text.charCodeAt(j) === 92; j--) backslashes++
        i = end
        if (backslashes % 2 === 0) break
      }
    } else if (c === 123 || c === 91) {
      depth++
      if (depth > MAX_NESTING_DEPTH) return i
    } else if (c === 125 || c === 93) depth--
  }
  return null
}

export function parseJson(text: string, file: string): JsonResult {
  const deep = depthProblem(text)
  if (deep !== null) {
    return {
      ok: false,
      error: {
        file,
        line: lineAt(text, deep),
        message: `JSON nested deeper than ${MAX_NESTING_DEPTH} levels`,
      },
    }
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const pos = /position (\d+)/.exec(message)
    const lineCol = /line (\d+)/.exec(message)
    const line = pos ? lineAt(text, Number(pos[1])) : lineCol ? Number(lineCol[1]) : lineAt(text, text.length)
    return { ok: false, error: { file, line, message: `invalid JSON: ${message}` } }
  }
}

/** A plain object, or null: the narrowing every lenient schema step starts from. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return isObject(value) ? value : null
}

export function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** `{ name: range }` maps from package.json / lockfiles; non-string values are dropped. */
export function asStringMap(value: unknown): Record<string, string> {
  const rec = asRecord(value)
  const out: Record<string, string> = {}
  if (!rec) return out
  for (const [k, v] of Object.entries(rec)) if (typeof v === 'string') out[k] = v
  return out
}
