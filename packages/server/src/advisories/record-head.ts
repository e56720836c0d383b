// The id and `modified` of one OSV record's JSON bytes, read without parsing the record (issue 20 "A store
// the size of OSV": an unchanged 220k-record file re-imports in ≤ 5 s, skipping records by `modified`).
// Hand-written: a JSON parser builds the whole record, the very cost this avoids; here only the top-level
// keys are walked (strings are jumped over with Buffer.indexOf), stopping once both values are read, which
// OSV writes near the start. Anything unusual (an escape in a key or value, a value that is not a string,
// bytes that are not a JSON object) answers null, and the caller parses the record as before.

export interface RecordHead {
  id: string
  modified: string
}

const QUOTE = 0x22
const BACKSLASH = 0x5c

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

function skipSpace(buf: Buffer, i: number): number {
  while (i < buf.length && isSpace(buf[i])) i++
  return i
}

/** Index just past the string opening at `i` (a quote), or -1 when it does not end. */
function stringEnd(buf: Buffer, i: number): number {
  let at = i + 1
  for (;;) {
    const q = buf.indexOf(QUOTE, at)
    if (q === -1) return -1
    let slashes = 0
    while (buf[q - 1 - slashes] === BACKSLASH) slashes++
    if (slashes % 2 === 0) return q + 1
    at = q + 1
  }
}

/** The string opening at `i` when it holds no escape, with the index past it; null otherwise. */
function plainString(buf: Buffer, i: number): { text: string; end: number } | null {
  if (buf[i] !== QUOTE) return null
  const q = buf.indexOf(QUOTE, i + 1)
  if (q === -1) return null
  const inner = buf.subarray(i + 1, q)
  if (inner.includes(BACKSLASH)) return null
  return { text: inner.toString('utf8'), end: q + 1 }
}

/** Index just past the JSON value starting at `i`, or -1. */
function valueEnd(buf: Buffer, i: number): number {
  const c = buf[i]
  if (c === QUOTE) return stringEnd(buf, i)
  if (c === 0x7b || c === 0x5b) {
    let depth = 0
    let at = i
    while (at < buf.length) {
      const b = buf[at]!
      if (b === QUOTE) {
        at = stringEnd(buf, at)
        if (at === -1) return -1
        continue
      }
      if (b === 0x7b || b === 0x5b) depth++
      else if (b === 0x7d || b === 0x5d) {
        depth--
        if (depth === 0) return at + 1
      }
      at++
    }
    return -1
  }
  // A number, true, false or null: up to the next delimiter.
  let at = i
  while (at < buf.length && buf[at] !== 0x2c && buf[at] !== 0x7d && !isSpace(buf[at])) at++
  return at
}

const ECOSYSTEM_KEY = Buffer.from('"ecosystem":')

/**
 * Every `"ecosystem"` string of a record's JSON (OSV names one per affected package), read only for a
 * record that is skipped (the import's counts per ecosystem); null when one holds an escape.
 */
export function recordEcosystems(buf: Buffer): string[] | null {
  const found = new Set<string>()
  let at = buf.indexOf(ECOSYSTEM_KEY)
  while (at !== -1) {
    const value = plainString(buf, skipSpace(buf, at + ECOSYSTEM_KEY.length))
    if (value === null) return null
    found.add(value.text)
    at = buf.indexOf(ECOSYSTEM_KEY, value.end)
  }
  return [...found]
}

/** The top-level `id` and `modified` strings of a record's JSON; null when unsure. */
export function recordHead(buf: Buffer): RecordHead | null {
  let i = skipSpace(buf, 0)
  if (buf[i] !== 0x7b) return null
  i++
  let id: string | null = null
  let modified: string | null = null
  for (;;) {
    i = skipSpace(buf, i)
    const key = plainString(buf, i)
    if (key === null) return null
    i = skipSpace(buf, key.end)
    if (buf[i] !== 0x3a) return null
    i = skipSpace(buf, i + 1)
    if (key.text === 'id' || key.text === 'modified') {
      // A key repeated before both are read: JSON.parse keeps the last one; leave such a record to it.
      // (Keys after both are not read: a record repeating its id at the end is taken by the first.)
      if ((key.text === 'id' ? id : modified) !== null) return null
      const value = plainString(buf, i)
      if (value === null) return null
      if (key.text === 'id') id = value.text
      else modified = value.text
      i = value.end
      if (id !== null && modified !== null) return { id, modified }
    } else {
      i = valueEnd(buf, i)
      if (i === -1) return null
    }
    i = skipSpace(buf, i)
    if (buf[i] !== 0x2c) return null
    i++
  }
}
