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
  // Each open key with its indent and its full path (prefix + key), so a path is one concatenation.
  const stack: { indent: number; path: string }[] = []
  let line = 0
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    line++
    let q = start
    while (text.charCodeAt(q) === 32) q++
    // `"key": {` — checked by hand: a regex per line was the largest cost on 4 MB lockfiles.
    if (text.charCodeAt(q) === 34 && q - start < 400) {
      let k = q + 1
      while (k < end && text.charCodeAt(k) !== 34) k += text.charCodeAt(k) === 92 ? 2 : 1
      let after = k + 1
      if (text.charCodeAt(after) === 58) {
        after++
        while (text.charCodeAt(after) === 32) after++
        if (text.charCodeAt(after) === 123 && k < end) {
          const indent = q - start
          while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop()
          const key = text.slice(q + 1, k)
          const parent = stack[stack.length - 1]
          const path = parent ? `${parent.path}\u0000${key}` : key
          stack.push({ indent, path })
          if (!out.has(path)) out.set(path, line)
        }
      }
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
