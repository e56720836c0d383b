// Line numbers for locations and warnings (DESIGN §4: "location (file, line)").
// Cheap text scans: we never re-parse with position tracking, we look the key up in the raw text.

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/**
 * Maps each JSON object key that opens an object (`"key": {`) to its line, keyed by the path of
 * enclosing keys joined with `\u0000`. Relies on one key per line, as npm writes its lockfiles;
 * other layouts simply yield fewer lines (locations without line).
 */
export function jsonKeyLines(text: string): Map<string, number> {
  const out = new Map<string, number>()
  const stack: { indent: number; key: string }[] = []
  const re = /^( *)"((?:[^"\\]|\\.)*)": *\{/
  let line = 0
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    line++
    const m = re.exec(text.slice(start, Math.min(end, start + 400)))
    if (m) {
      const indent = m[1]!.length
      while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop()
      stack.push({ indent, key: m[2]! })
      const path = stack.map((s) => s.key).join('\u0000')
      if (!out.has(path)) out.set(path, line)
    }
    start = end + 1
  }
  return out
}

/** Lines of top-level (column 0) YAML-ish keys, e.g. yarn.lock entries `"a@^1", a@^2:`. */
export function topLevelKeyLines(text: string, indent = 0): Map<string, number> {
  const out = new Map<string, number>()
  const prefix = ' '.repeat(indent)
  let line = 0
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    line++
    if (text.startsWith(prefix, start) && text.charCodeAt(start + indent) !== 32) {
      const raw = text.slice(start + indent, end).trimEnd()
      if (raw.endsWith(':') && !raw.startsWith('#')) {
        const key = raw.slice(0, -1)
        if (!out.has(key)) out.set(key, line)
      }
    }
    start = end + 1
  }
  return out
}
