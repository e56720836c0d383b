// Safe XML reading for CycloneDX XML (DESIGN §7: no external entities, no entity expansion). A
// DOCTYPE or ENTITY declaration is refused outright (CycloneDX needs none), nesting depth is capped,
// and fast-xml-parser runs with processEntities off; the five predefined entities are decoded by hand.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { FileError } from '../types'
import { MAX_NESTING_DEPTH } from './limits'
import { lineAt } from './lines'

export type XmlResult = { ok: true; value: unknown } | { ok: false; error: FileError }

function depthOverflow(text: string): number | null {
  let depth = 0
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    const next = text.charCodeAt(i + 1)
    if (next === 47) depth--
    else if (next !== 63 && next !== 33) {
      const end = text.indexOf('>', i)
      if (end === -1) return null
      if (text.charCodeAt(end - 1) !== 47) depth++
      if (depth > MAX_NESTING_DEPTH) return i
      i = end
    }
  }
  return null
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&amp;': '&',
}

/** Decodes the predefined entities and numeric references only; nothing else is expanded. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (m) => {
    if (m.startsWith('&#x')) return String.fromCodePoint(Number.parseInt(m.slice(3, -1), 16))
    if (m.startsWith('&#')) return String.fromCodePoint(Number.parseInt(m.slice(2, -1), 10))
    return ENTITIES[m] ?? m
  })
}

export function parseXml(text: string, file: string, arrays: ReadonlySet<string>): XmlResult {
  const doctype = /<!(DOCTYPE|ENTITY)/i.exec(text)
  if (doctype) {
    return {
      ok: false,
      error: {
        file,
        line: lineAt(text, doctype.index),
        message:
          'XML DOCTYPE/ENTITY declarations are not allowed (no entity expansion, no external entities)',
      },
    }
  }
  const deep = depthOverflow(text)
  if (deep !== null)
    return {
      ok: false,
      error: {
        file,
        line: lineAt(text, deep),
        message: `XML nested deeper than ${MAX_NESTING_DEPTH} levels`,
      },
    }
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    return { ok: false, error: { file, line: valid.err.line, message: `invalid XML: ${valid.err.msg}` } }
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  })
  return { ok: true, value: parser.parse(text) as unknown }
}
