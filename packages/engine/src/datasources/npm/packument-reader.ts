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
// outbound client (which bounds its size). Skipping needs only a character loop, and kept values are
// small slices handed to JSON.parse.

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

/**
 * The packument's text reduced to the fields parseNpmPackument reads; `undefined` when the text is
 * not valid JSON or not an object at the top (the caller then parses it whole, for its message or
 * its own warning).
 */
export function readPackumentFields(text: string): Record<string, unknown> | undefined {
  try {
    return new Reader(text).document()
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

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids them raw in strings
const PLAIN = /[^"\\\u0000-\u001f]*/y
const OBJECT = 0
const ARRAY = 1

class Reader {
  private pos = 0

  constructor(private readonly text: string) {}

  document(): Record<string, unknown> | undefined {
    this.ws()
    if (this.text.charCodeAt(this.pos) !== 0x7b) {
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
    if (this.text.charCodeAt(this.pos) !== 0x7b) return this.value()
    const out: Record<string, unknown> = {}
    this.members((version) => {
      if (this.text.charCodeAt(this.pos) !== 0x7b) {
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
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++
      return
    }
    for (;;) {
      const key = this.key()
      each(key)
      this.ws()
      const c = this.text.charCodeAt(this.pos++)
      if (c === 0x7d) return
      if (c !== 0x2c) throw new Invalid()
      this.ws()
    }
  }

  /** A member's key and its colon; leaves `pos` at the value. */
  private key(): string {
    if (this.text.charCodeAt(this.pos) !== 0x22) throw new Invalid()
    const start = this.pos
    const escaped = this.skipString()
    const key = escaped
      ? (JSON.parse(this.text.slice(start, this.pos)) as string)
      : this.text.slice(start + 1, this.pos - 1)
    this.ws()
    if (this.text.charCodeAt(this.pos++) !== 0x3a) throw new Invalid()
    this.ws()
    return key
  }

  /** A kept value: its text, checked by skipping, parsed alone. */
  private value(): unknown {
    const start = this.pos
    this.skipValue()
    return JSON.parse(this.text.slice(start, this.pos))
  }

  /** Steps over one value, checking its syntax; containers without recursion (any depth). */
  private skipValue(): void {
    const stack: number[] = []
    for (;;) {
      // A value starts at pos.
      this.ws()
      const c = this.text.charCodeAt(this.pos)
      if (c === 0x7b || c === 0x5b) {
        this.pos++
        this.ws()
        const close = c === 0x7b ? 0x7d : 0x5d
        if (this.text.charCodeAt(this.pos) === close) this.pos++
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
        const d = this.text.charCodeAt(this.pos++)
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
    for (const literal of ['true', 'false', 'null']) {
      if (c === literal.charCodeAt(0)) {
        if (!this.text.startsWith(literal, this.pos)) throw new Invalid()
        this.pos += literal.length
        return
      }
    }
    NUMBER.lastIndex = this.pos
    if ((c === 0x2d || (c >= 0x30 && c <= 0x39)) && NUMBER.test(this.text)) {
      this.pos = NUMBER.lastIndex
      return
    }
    throw new Invalid()
  }

  /** Steps over a string at `pos` (`"`), checking escapes and control characters; true if escaped. */
  private skipString(): boolean {
    const text = this.text
    let i = this.pos + 1
    let escaped = false
    for (;;) {
      // The plain run up to the next quote, backslash or control character, in one native scan.
      PLAIN.lastIndex = i
      PLAIN.test(text)
      i = PLAIN.lastIndex
      const c = text.charCodeAt(i)
      if (c === 0x22) break
      if (c === 0x5c) {
        escaped = true
        const e = text.charCodeAt(i + 1)
        if (e === 0x75) {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Invalid()
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
      // Control characters are not allowed raw; NaN is the end of the text (unterminated).
      if (c < 0x20 || Number.isNaN(c)) throw new Invalid()
      i++
    }
    this.pos = i + 1
    return escaped
  }

  private ws(): void {
    const text = this.text
    let i = this.pos
    for (;;) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
    this.pos = i
  }

  /** Only whitespace may follow the document. */
  private end(): void {
    this.ws()
    if (this.pos !== this.text.length) throw new Invalid()
  }
}
