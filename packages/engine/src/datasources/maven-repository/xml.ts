// Safe XML reading for Maven documents (POMs, maven-metadata.xml; DESIGN §7 "no external entities").
// The DOCTYPE is cut out before parsing (line numbers kept), so no entity is ever declared, expanded
// or fetched; only the five predefined entities are decoded. Malformed XML is a value with a line.
// Why not the saxes reader of extractors/shared/xml.ts (issue 18 item 5: one parser or a reason):
// that one refuses any DOCTYPE (CycloneDX needs none) and keeps attributes; a POM with a DOCTYPE is
// still resolved here, the DOCTYPE cut out with a warning (warnings.test.ts "never expands external
// entities"), attributes are dropped (a POM says all in elements), and every element knows its own
// line (`lineOf`) for the resolver's warnings, which the saxes tree does not carry (it skips line
// bookkeeping for large SBOMs). docs/adding-an-ecosystem.md "Reading XML" says which to use.
import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** An element as fast-xml-parser gives it: text, or an object of children (arrays where repeated). */
export type XmlValue = string | XmlElement | XmlValue[]
export interface XmlElement {
  [name: string]: XmlValue
}

export type XmlParseResult =
  | { ok: true; root: XmlElement; lineOf: (element: unknown) => number | undefined; notes: XmlNote[] }
  | { ok: false; line: number; message: string }

export interface XmlNote {
  line: number
  message: string
}

const meta = XMLParser.getMetaDataSymbol() as unknown as symbol

/** 1-based line of a character offset. */
export function lineAt(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Line lookup for many offsets in one text: newline offsets computed once, then binary search. */
function lineIndex(text: string): (index: number) => number {
  let breaks: number[] | null = null
  return (index) => {
    if (breaks === null) {
      breaks = []
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i)
    }
    // Lines = 1 + number of newlines before `index`.
    let lo = 0
    let hi = breaks.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((breaks[mid] as number) < index) lo = mid + 1
      else hi = mid
    }
    return lo + 1
  }
}

/** Replaces the DOCTYPE (with its internal subset) by the same number of newlines. */
function stripDoctype(text: string): { text: string; line: number | null; entities: boolean } {
  const start = text.search(/<!DOCTYPE/i)
  if (start < 0) return { text, line: null, entities: false }
  let depth = 0
  let end = start
  for (; end < text.length; end++) {
    const c = text[end]
    if (c === '[') depth++
    else if (c === ']') depth--
    else if (c === '>' && depth <= 0) break
  }
  const doctype = text.slice(start, end + 1)
  const blank = doctype.replace(/[^\n]/g, '')
  return {
    text: text.slice(0, start) + blank + text.slice(end + 1),
    line: lineAt(text, start),
    entities: /<!ENTITY/i.test(doctype),
  }
}

/** Parses an XML document safely; elements named in `arrays` are always arrays. */
export function parseXml(text: string, arrays: ReadonlySet<string>): XmlParseResult {
  const stripped = stripDoctype(text)
  const notes: XmlNote[] = []
  if (stripped.line !== null && stripped.entities) {
    notes.push({
      line: stripped.line,
      message: 'DOCTYPE entity declarations ignored: entities are never expanded or fetched',
    })
  }
  const valid = XMLValidator.validate(stripped.text)
  if (valid !== true) return { ok: false, line: valid.err.line, message: `malformed XML: ${valid.err.msg}` }
  const parser = new XMLParser({
    captureMetaData: true,
    processEntities: true,
    htmlEntities: false,
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  })
  try {
    const root = parser.parse(stripped.text) as XmlElement
    const lineOfIndex = lineIndex(stripped.text)
    const lineOf = (element: unknown): number | undefined => {
      if (typeof element !== 'object' || element === null) return undefined
      const m = (element as Record<symbol, { startIndex?: number } | undefined>)[meta]
      return m?.startIndex === undefined ? undefined : lineOfIndex(m.startIndex)
    }
    return { ok: true, root, lineOf, notes }
  } catch (e) {
    return { ok: false, line: 1, message: `malformed XML: ${e instanceof Error ? e.message : String(e)}` }
  }
}

/** The child element `name` of an element, when it is an element (not text). */
export function childElement(el: XmlValue | undefined, name: string): XmlElement | undefined {
  if (el === undefined || typeof el === 'string' || Array.isArray(el)) return undefined
  const v = el[name]
  if (v === undefined || typeof v === 'string' || Array.isArray(v)) return v === '' ? {} : undefined
  return v
}

/** Child elements `name`, as a list (empty elements included as `{}`). */
export function childElements(el: XmlValue | undefined, name: string): XmlElement[] {
  if (el === undefined || typeof el === 'string' || Array.isArray(el)) return []
  const v = el[name]
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v]
  return list.flatMap((x) => (typeof x === 'string' ? (x === '' ? [{}] : []) : Array.isArray(x) ? [] : [x]))
}

/** Text content of child `name`; `undefined` when absent or not text. */
export function childText(el: XmlValue | undefined, name: string): string | undefined {
  if (el === undefined || typeof el === 'string' || Array.isArray(el)) return undefined
  const v = el[name]
  if (typeof v === 'string') return v
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0]
  return undefined
}

/** Texts of repeated child `name` (e.g. `<versions><version>`). */
export function childTexts(el: XmlValue | undefined, name: string): string[] {
  if (el === undefined || typeof el === 'string' || Array.isArray(el)) return []
  const v = el[name]
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v]
  return list.filter((x): x is string => typeof x === 'string')
}
