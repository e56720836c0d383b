// Safe XML reading for CycloneDX XML (DESIGN §7: no external entities, no entity expansion). A
// DOCTYPE or ENTITY declaration is refused outright (CycloneDX needs none), nesting depth is capped,
// and the document is read in one streaming pass by saxes (a strict, well-formedness-checking SAX
// parser): it decodes the five predefined entities and numeric references and refuses any other
// entity, so nothing is ever expanded. The tree it builds has the fast-xml-parser shape the extractor
// reads (`@_` attributes, `#text`, arrays for the names asked for or repeated), at about a tenth of
// fast-xml-parser's cost on an 800-component SBOM (validate + parse were two full passes).
import { SaxesParser } from 'saxes'
import type { FileError } from '../types'
import { MAX_NESTING_DEPTH } from './limits'
import { lineAt } from './lines'

export type XmlResult = { ok: true; value: unknown } | { ok: false; error: FileError }

type XmlNode = Record<string, unknown>

interface Open {
  name: string
  node: XmlNode
  text: string
  hasAttributes: boolean
  hasChildren: boolean
}

/** Thrown from a handler to stop the pass at the first problem; caught in parseXml. */
class Stop {
  constructor(
    readonly line: number,
    readonly message: string,
  ) {}
}

const localName = (name: string) => {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

/** Values are strings or objects, never arrays: an array is always a list of children. */
function addChild(parent: XmlNode, name: string, value: unknown, arrays: ReadonlySet<string>): void {
  const held = parent[name]
  if (held === undefined) parent[name] = arrays.has(name) ? [value] : value
  else if (Array.isArray(held)) held.push(value)
  else parent[name] = [held, value]
}

/** An element's value: its text when it has neither attributes nor children, else an object. */
function elementValue(open: Open): unknown {
  const text = open.text.trim()
  if (!open.hasChildren && !open.hasAttributes) return text
  if (text !== '') open.node['#text'] = text
  return open.node
}

/** The predefined entities and numeric references (for text read outside the parser, e.g. by regex). */
export function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (m) => {
    if (m.startsWith('&#x')) return String.fromCodePoint(Number.parseInt(m.slice(3, -1), 16))
    if (m.startsWith('&#')) return String.fromCodePoint(Number.parseInt(m.slice(2, -1), 10))
    return ENTITIES[m] ?? m
  })
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&amp;': '&',
}

const DOCTYPE_MESSAGE =
  'XML DOCTYPE/ENTITY declarations are not allowed (no entity expansion, no external entities)'

/** The first `<!DOCTYPE` / `<!ENTITY` (any case), by indexOf: a case-insensitive regex scan cost more. */
function declarationAt(text: string): number {
  for (let i = text.indexOf('<!'); i !== -1; i = text.indexOf('<!', i + 2)) {
    const word = text.slice(i + 2, i + 9).toUpperCase()
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) return i
  }
  return -1
}

/**
 * One SAX pass building the tree. Without `position` saxes skips line bookkeeping; a document that
 * fails is read again with it, only to name the line (failures are rare, documents are large).
 */
function saxPass(
  text: string,
  arrays: ReadonlySet<string>,
  skip: ReadonlySet<string>,
  position: boolean,
): XmlNode | Stop {
  const parser = new SaxesParser({ position })
  const document: XmlNode = {}
  const stack: Open[] = []
  // Inside an element named in `skip`: checked by saxes, counted for the depth limit, not built.
  let skipping = 0
  parser.on('error', (error) => {
    throw new Stop(parser.line, `invalid XML: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`)
  })
  // saxes reports a DOCTYPE without processing it; refused whatever it declares.
  parser.on('doctype', () => {
    throw new Stop(parser.line, DOCTYPE_MESSAGE)
  })
  parser.on('opentag', (tag) => {
    if (stack.length + skipping >= MAX_NESTING_DEPTH) {
      throw new Stop(parser.line, `XML nested deeper than ${MAX_NESTING_DEPTH} levels`)
    }
    if (skipping > 0 || (skip.size > 0 && skip.has(localName(tag.name)))) {
      skipping++
      return
    }
    const node: XmlNode = {}
    let hasAttributes = false
    for (const name in tag.attributes) {
      node[`@_${localName(name)}`] = tag.attributes[name]
      hasAttributes = true
    }
    const top = stack[stack.length - 1]
    if (top) {
      top.hasChildren = true
      top.text = ''
    }
    stack.push({ name: localName(tag.name), node, text: '', hasAttributes, hasChildren: false })
  })
  // Text beside child elements (indentation, mixed content) is not read: CycloneDX has none that matters.
  parser.on('text', (t) => {
    const top = stack[stack.length - 1]
    if (top && !top.hasChildren && skipping === 0) top.text += t
  })
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1]
    if (top && !top.hasChildren && skipping === 0) top.text += t
  })
  parser.on('closetag', () => {
    if (skipping > 0) {
      skipping--
      return
    }
    const open = stack.pop()
    if (!open) return
    const parent = stack[stack.length - 1]
    addChild(parent ? parent.node : document, open.name, elementValue(open), arrays)
  })
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof Stop) return error
    throw error
  }
  return document
}

/**
 * `arrays`: element names always read as lists. `skip`: element names whose content the caller never
 * reads (still checked for well-formedness and depth, but not built: licence texts, hashes, references).
 */
export function parseXml(
  text: string,
  file: string,
  arrays: ReadonlySet<string>,
  skip: ReadonlySet<string> = new Set(),
): XmlResult {
  const declaration = declarationAt(text)
  if (declaration !== -1) {
    return { ok: false, error: { file, line: lineAt(text, declaration), message: DOCTYPE_MESSAGE } }
  }
  const fast = saxPass(text, arrays, skip, false)
  if (!(fast instanceof Stop)) return { ok: true, value: fast }
  const located = saxPass(text, arrays, skip, true)
  const stop = located instanceof Stop ? located : fast
  return { ok: false, error: { file, line: stop.line, message: stop.message } }
}
