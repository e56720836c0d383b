// Selective reading of a packument's JSON text (issue 20 "Cold path near the floor": "read only what
// the report needs from each packument … never holding hundreds of MB at once"). A full packument is
// mostly readmes, file lists, scripts and maintainers, repeated per version (tens of MB for popular
// packages); JSON.parse builds all of it as objects before parseNpmPackument keeps a few fields. This
// reader walks the text once, checking it is valid JSON, and materialises only the fields
// parseNpmPackument reads: everything else is skipped without allocating. The result is the same
// object parseNpmPackument would see of the kept fields, so its answer is unchanged.
//
// Why not a streaming JSON library (stream-json, @streamparser/json, clarinet): they tokenize in
// JavaScript and build every string and number they pass (readmes included), several times slower
// than JSON.parse over the 350 MB of a large cold analysis; and the body arrives whole anyway from the
// outbound client (which bounds its size). Skipping needs only a byte loop, and kept values are
// small slices decoded and handed to JSON.parse.
//
// It reads the UTF-8 bytes as received, never the whole document as a string (issue 20 "peak RSS
// <= 600 MB embedded"): a packument's text (up to tens of MB) went to V8's large-object space and
// stayed there until the next full collection, 35-110 MB of dead text at any time during a cold
// analysis; the received bytes are freed with their young Buffer. UTF-8 never uses the bytes of JSON's
// structural characters inside a multi-byte sequence, so slices cut at them decode as the whole would.

/** Top-level fields parseNpmPackument reads. */
const TOP = new Set([
  'name',
  '_id',
  'error',
  'dist-tags',
  'time',
  'license',
  'licenses',
  'repository',
  'modified',
])

/** Per-version manifest fields parseNpmPackument reads (packument.ts readVersions / installOf). */
const MANIFEST = new Set([
  'version',
  'deprecated',
  'license',
  'licenses',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'engines',
])

/** Not valid JSON: the caller runs JSON.parse for its own message. */
class Invalid extends Error {}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
const encoder = new TextEncoder()

/**
 * The packument's text (or its UTF-8 bytes) reduced to the fields parseNpmPackument reads;
 * `undefined` when it is not valid JSON or not an object at the top (the caller then parses it
 * whole, for its message or its own warning).
 */
export function readPackumentFields(text: string | Uint8Array): Record<string, unknown> | undefined {
  try {
    return new Reader(typeof text === 'string' ? encoder.encode(text) : text).document()
  } catch (error) {
    if (error instanceof Invalid) return undefined
    throw error
  }
}

/** Sets a key as JSON.parse would (an own property even for `__proto__`); a later duplicate wins. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

const OBJECT = 0
const ARRAY = 1
const isDigit = (c: number) => c >= 0x30 && c <= 0x39
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
const TRUE = [0x74, 0x72, 0x75, 0x65]
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65]
const NULL = [0x6e, 0x75, 0x6c, 0x6c]

class Reader {
  private pos = 0

  constructor(private readonly bytes: Uint8Array) {}

  document(): Record<string, unknown> | undefined {
    this.ws()
    if (this.bytes[this.pos] !== 0x7b) {
      this.skipValue() // valid JSON that is not an object: parsed whole by the caller
      this.end()
      return undefined
    }
    const doc: Record<string, unknown> = {}
    this.members((key) => {
      if (key === 'versions') put(doc, key, this.versions())
      else if (TOP.has(key)) put(doc, key, this.value())
      else this.skipValue()
    })
    this.end()
    return doc
  }

  /** The `versions` map: each manifest reduced to MANIFEST; anything but an object kept whole. */
  private versions(): unknown {
    if (this.bytes[this.pos] !== 0x7b) return this.value()
    const out: Record<string, unknown> = {}
    this.members((version) => {
      if (this.bytes[this.pos] !== 0x7b) {
        put(out, version, this.value())
        return
      }
      const manifest: Record<string, unknown> = {}
      this.members((key) => {
        if (MANIFEST.has(key)) put(manifest, key, this.value())
        else this.skipValue()
      })
      put(out, version, manifest)
    })
    return out
  }

  /** Walks an object at `pos` (`{`), calling `each` with `pos` at every member's value. */
  private members(each: (key: string) => void): void {
    this.pos++ // {
    this.ws()
    if (this.bytes[this.pos] === 0x7d) {
      this.pos++
      return
    }
    for (;;) {
      const key = this.key()
      each(key)
      this.ws()
      const c = this.bytes[this.pos++]
      if (c === 0x7d) return
      if (c !== 0x2c) throw new Invalid()
      this.ws()
    }
  }

  /** A member's key and its colon; leaves `pos` at the value. */
  private key(): string {
    if (this.bytes[this.pos] !== 0x22) throw new Invalid()
    const start = this.pos
    const escaped = this.skipString()
    const key = escaped
      ? (JSON.parse(this.text(start, this.pos)) as string)
      : this.text(start + 1, this.pos - 1)
    this.ws()
    if (this.bytes[this.pos++] !== 0x3a) throw new Invalid()
    this.ws()
    return key
  }

  /** A kept value: its text, checked by skipping, parsed alone. */
  private value(): unknown {
    const start = this.pos
    this.skipValue()
    return JSON.parse(this.text(start, this.pos))
  }

  /** The bytes from `start` to `end` as text (keys are short and mostly ASCII). */
  private text(start: number, end: number): string {
    const bytes = this.bytes
    if (end - start <= 64) {
      let ascii = true
      for (let i = start; i < end; i++) if ((bytes[i] as number) >= 0x80) ascii = false
      if (ascii) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[])
    }
    return utf8.decode(bytes.subarray(start, end))
  }

  /** Steps over one value, checking its syntax; containers without recursion (any depth). */
  private skipValue(): void {
    const stack: number[] = []
    for (;;) {
      // A value starts at pos.
      this.ws()
      const c = this.bytes[this.pos] as number
      if (c === 0x7b || c === 0x5b) {
        this.pos++
        this.ws()
        const close = c === 0x7b ? 0x7d : 0x5d
        if (this.bytes[this.pos] === close) this.pos++
        else {
          stack.push(c === 0x7b ? OBJECT : ARRAY)
          if (c === 0x7b) this.key()
          continue
        }
      } else this.scalar(c)
      // After a value: commas and closings until the next value or the outermost end.
      for (;;) {
        if (stack.length === 0) return
        this.ws()
        const d = this.bytes[this.pos++]
        const top = stack[stack.length - 1]
        if (d === 0x2c) {
          this.ws()
          if (top === OBJECT) this.key()
          break
        }
        if ((top === OBJECT && d === 0x7d) || (top === ARRAY && d === 0x5d)) stack.pop()
        else throw new Invalid()
      }
    }
  }

  private scalar(c: number): void {
    if (c === 0x22) {
      this.skipString()
      return
    }
    for (const literal of [TRUE, FALSE, NULL]) {
      if (c === literal[0]) {
        for (let k = 1; k < literal.length; k++)
          if (this.bytes[this.pos + k] !== literal[k]) throw new Invalid()
        this.pos += literal.length
        return
      }
    }
    this.number()
  }

  /** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at `pos`. */
  private number(): void {
    const bytes = this.bytes
    let i = this.pos
    if (bytes[i] === 0x2d) i++
    if (bytes[i] === 0x30) i++
    else if (isDigit(bytes[i] ?? -1)) while (isDigit(bytes[i] ?? -1)) i++
    else throw new Invalid()
    if (bytes[i] === 0x2e) {
      i++
      if (!isDigit(bytes[i] ?? -1)) throw new Invalid()
      while (isDigit(bytes[i] ?? -1)) i++
    }
    if (bytes[i] === 0x65 || bytes[i] === 0x45) {
      i++
      if (bytes[i] === 0x2b || bytes[i] === 0x2d) i++
      if (!isDigit(bytes[i] ?? -1)) throw new Invalid()
      while (isDigit(bytes[i] ?? -1)) i++
    }
    this.pos = i
  }

  /** Steps over a string at `pos` (`"`), checking escapes and control characters; true if escaped. */
  private skipString(): boolean {
    const bytes = this.bytes
    const n = bytes.length
    let i = this.pos + 1
    let escaped = false
    for (;;) {
      // The plain run up to the next quote, backslash or control character.
      let c = 0
      while (i < n) {
        c = bytes[i] as number
        if (c === 0x22 || c === 0x5c || c < 0x20) break
        i++
      }
      // The end of the input inside a string: unterminated.
      if (i >= n) throw new Invalid()
      if (c === 0x22) break
      if (c === 0x5c) {
        escaped = true
        const e = bytes[i + 1]
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) if (!isHex(bytes[i + k] ?? -1)) throw new Invalid()
          i += 6
        } else if (
          e === 0x22 ||
          e === 0x5c ||
          e === 0x2f ||
          e === 0x62 ||
          e === 0x66 ||
          e === 0x6e ||
          e === 0x72 ||
          e === 0x74
        )
          i += 2
        else throw new Invalid()
        continue
      }
      // Control characters are not allowed raw.
      throw new Invalid()
    }
    this.pos = i + 1
    return escaped
  }

  private ws(): void {
    const bytes = this.bytes
    let i = this.pos
    for (;;) {
      const c = bytes[i]
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
    this.pos = i
  }

  /** Only whitespace may follow the document. */
  private end(): void {
    this.ws()
    if (this.pos !== this.bytes.length) throw new Invalid()
  }
}
