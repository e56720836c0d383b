// Declared licences (npm `license` strings and expressions, legacy `licenses` arrays and {type,url}
// objects, SBOM/POM names) → one SPDX expression (DESIGN §4 licences; spec report-page §3 License).
// Misspellings go through spdx-correct; what stays unknown is kept as an unrecognised leaf with a warning.
import correctSpdx from 'spdx-correct'
import type { CustomLicence } from './catalogue'
import { canonicalSpdxId, NO_VALID_LICENCE_WARNING } from './catalogue'
import type { LicenceExpression, LicenceLeaf } from './expression'
import { combineLicences, formatLicenceExpression, licenceLeaves, parseSpdxExpression } from './expression'

/** declared: at least one recognised licence; unrecognised: something declared, nothing recognised. */
export type LicenceStatus = 'declared' | 'unrecognised' | 'undeclared'

export interface NormalisedLicence {
  status: LicenceStatus
  /** `null` only when undeclared. */
  expression: LicenceExpression | null
  /** The expression as SPDX text (unrecognised parts as declared); `null` when undeclared. */
  text: string | null
  /** True when some part was read through spdx-correct or a URL rather than as written. */
  guessed: boolean
  warnings: string[]
}

export interface NormaliseOptions {
  /** Account-defined proprietary ids, matched case-insensitively before anything else. */
  customLicences?: readonly CustomLicence[]
}

/** Values that mean "nothing declared" in npm manifests, SPDX documents and licence tools. */
const undeclaredMarkers = new Set(['', 'none', 'noassertion', 'unknown', 'n/a', 'na', 'undefined', 'null'])

const conjunction = /\s(or|and)\s/i

interface Candidate {
  text: string
  url: string | null
}

/**
 * Normalises whatever a manifest, registry or SBOM declared. Several declared licences (an array,
 * npm's legacy `licenses` list, several POM `<licenses>`) are alternatives and are joined with OR,
 * as npm's and Maven's documentation read them.
 */
export function normaliseLicence(declared: unknown, options: NormaliseOptions = {}): NormalisedLicence {
  const terms: LicenceExpression[] = []
  let guessed = false
  for (const c of candidatesOf(declared, 0)) {
    const read = readCandidate(c, options)
    if (!read) continue
    terms.push(read.expression)
    guessed ||= read.guessed
  }
  if (terms.length === 0) {
    return {
      status: 'undeclared',
      expression: null,
      text: null,
      guessed: false,
      warnings: [NO_VALID_LICENCE_WARNING],
    }
  }
  const expression = combineLicences('or', terms)
  const leaves = licenceLeaves(expression)
  const status: LicenceStatus = leaves.some((l) => l.kind === 'licence') ? 'declared' : 'unrecognised'
  const warnings = status === 'unrecognised' ? [NO_VALID_LICENCE_WARNING] : []
  for (const l of leaves) if (l.kind === 'unrecognised') warnings.push(unrecognisedWarning(l))
  return { status, expression, text: formatLicenceExpression(expression), guessed, warnings }
}

function unrecognisedWarning(l: LicenceLeaf & { kind: 'unrecognised' }): string {
  return l.seeFile ? `License described in a file: "${l.text}"` : `License not recognised: "${l.text}"`
}

/** Flattens the declared shapes to strings (with a URL where an object carried one). */
function candidatesOf(value: unknown, depth: number): Candidate[] {
  if (depth > 4 || value === null || value === undefined) return []
  if (typeof value === 'string') return [{ text: value, url: null }]
  if (Array.isArray(value)) return value.flatMap((v) => candidatesOf(v, depth + 1))
  if (typeof value !== 'object') return []
  const o = value as Record<string, unknown>
  const url = typeof o.url === 'string' ? o.url : null
  for (const key of ['expression', 'type', 'id', 'name']) {
    const v = o[key]
    if (typeof v === 'string' && v.trim() !== '') return [{ text: v, url }]
  }
  if ('license' in o || 'licenses' in o) return candidatesOf(o.license ?? o.licenses, depth + 1)
  return url ? [{ text: url, url }] : []
}

function readCandidate(
  c: Candidate,
  options: NormaliseOptions,
): { expression: LicenceExpression; guessed: boolean } | null {
  const text = stripQuotes(c.text.trim())
  if (undeclaredMarkers.has(text.toLowerCase())) return null
  const strict = readAtom(text, options, false)
  if (strict.expression.kind !== 'unrecognised') return strict
  // before spdx-correct, which reads `MPL 1.1/LGPL 2.1/GPL 2.0` as one LGPL and `MIT OR Custom` as MIT
  const listed = readSeparated(text, options)
  if (listed) return listed
  const joined = conjunction.test(text)
  const split = joined ? readSplit(text, options) : null
  if (split) return split
  // A legacy {type: "BSD", url: ".../BSD-3-Clause"} names the exact licence in its URL: that beats a guess.
  const fromUrl = guessFromUrl(c.url ?? (/^https?:\/\//i.test(text) ? text : null))
  if (fromUrl) return { expression: fromUrl, guessed: true }
  if (!joined && isShort(text)) {
    const corrected = readAtom(text, options, true)
    if (corrected.expression.kind !== 'unrecognised') return corrected
  }
  return strict
}

/**
 * spdx-correct finds a licence name in any prose (a vendor's "standard 'no charge' license: https://…"
 * becomes MIT), so only short declarations are corrected.
 */
function isShort(text: string): boolean {
  return text.length <= 50 && text.split(/\s+/).length <= 6
}

/**
 * `New-BSD, MIT` and `MPL 1.1/LGPL 2.1/GPL 2.0` list alternatives. Read as OR only when every part is
 * a licence; a slash only between versioned names (`MIT/X11` is one licence), never inside a URL.
 */
function readSeparated(
  text: string,
  options: NormaliseOptions,
): { expression: LicenceExpression; guessed: boolean } | null {
  if (text.includes('://')) return null
  const separator = text.includes(',') ? ',' : text.includes('/') ? '/' : null
  if (!separator) return null
  const parts = text.split(separator).map((p) => p.trim())
  if (parts.length < 2 || parts.some((p) => p === '' || !isShort(p))) return null
  if (separator === '/' && !parts.every((p) => /\d/.test(p))) return null
  const read = parts.map((p) => readAtom(p, options, true))
  if (read.some((r) => r.expression.kind === 'unrecognised')) return null
  return {
    expression: combineLicences(
      'or',
      read.map((r) => r.expression),
    ),
    guessed: read.some((r) => r.guessed),
  }
}

/** One licence or a strictly valid expression; anything else becomes an unrecognised leaf. */
function readAtom(
  text: string,
  options: NormaliseOptions,
  allowCorrection = true,
): { expression: LicenceExpression; guessed: boolean } {
  const custom = options.customLicences?.find((x) => x.id.toLowerCase() === text.toLowerCase())
  if (custom) return { expression: customLeaf(custom.id), guessed: false }
  if (/^unlicen[cs]ed$/i.test(text)) return { expression: customLeaf('UNLICENSED'), guessed: false }
  const see = /^see licen[cs]e in\s+(.+)$/i.exec(text)
  if (see) return { expression: { kind: 'unrecognised', text, seeFile: see[1]!.trim() }, guessed: false }
  const strict = parseSpdxExpression(text)
  if (strict) return { expression: strict, guessed: false }
  const canonical = canonicalSpdxId(text)
  const corrected = canonical ?? (allowCorrection ? safeCorrection(text) : null)
  const parsed = corrected ? parseSpdxExpression(corrected) : null
  if (parsed) return { expression: parsed, guessed: canonical === null }
  return { expression: { kind: 'unrecognised', text, seeFile: null }, guessed: false }
}

/** spdx-correct throws on some texts (a lone `+`: its "or later" transform reads past the end). */
function safeCorrection(text: string): string | null {
  try {
    return correctSpdx(text, { upgrade: false })
  } catch {
    return null
  }
}

/** `Apache 2.0 or MIT`, `(MIT AND Custom)`: split on the words, read each part alone. */
function readSplit(
  text: string,
  options: NormaliseOptions,
): { expression: LicenceExpression; guessed: boolean } | null {
  const bare = text.replace(/[()]/g, ' ').trim()
  const parts = bare.split(/\s+or\s+/i).map((o) => o.split(/\s+and\s+/i))
  let guessed = false
  let recognised = 0
  const orTerms = parts.map((ands) =>
    combineLicences(
      'and',
      ands.map((a) => {
        const r = readAtom(a.trim(), options, isShort(a.trim()))
        guessed ||= r.guessed
        if (r.expression.kind !== 'unrecognised') recognised++
        return r.expression
      }),
    ),
  )
  if (recognised === 0) return null
  // prose that happens to contain "and" / "or" is one unrecognised licence, not a list
  const unrecognisedProse = licenceLeaves(combineLicences('or', orTerms)).some(
    (l) => l.kind === 'unrecognised' && !isShort(l.text),
  )
  if (unrecognisedProse) return null
  return { expression: combineLicences('or', orTerms), guessed }
}

/** `https://opensource.org/licenses/BSD-3-Clause.php` → BSD-3-Clause (exact ids only). */
function guessFromUrl(url: string | null): LicenceExpression | null {
  if (!url) return null
  const segment =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? ''
  const id = canonicalSpdxId(segment.replace(/\.(html?|php|txt|md)$/i, ''))
  return id ? parseSpdxExpression(id) : null
}

function customLeaf(id: string): LicenceLeaf {
  return { kind: 'licence', id, orLater: false, exception: null, custom: true }
}

function stripQuotes(text: string): string {
  const m = /^(["'])(.*)\1$/.exec(text)
  return m ? m[2]!.trim() : text
}
