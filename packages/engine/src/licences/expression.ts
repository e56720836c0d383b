// SPDX licence expressions as a small n-ary tree (DESIGN §4 licences; spec report-page §3 License).
// Leaves are SPDX (or account-defined custom) licences, or text we could not recognise;
// deprecated GNU ids are upgraded (GPL-2.0 → GPL-2.0-only, GPL-2.0+ → GPL-2.0-or-later).
import parseSpdx from 'spdx-expression-parse'

export interface KnownLicenceLeaf {
  kind: 'licence'
  /** SPDX id (upgraded from a deprecated one), `LicenseRef-…`, `UNLICENSED` or a custom id. */
  id: string
  /** `+` on a non-GNU id ("or any later version"). */
  orLater: boolean
  exception: string | null
  /** An account-defined proprietary id or npm's `UNLICENSED`: not on the SPDX list. */
  custom: boolean
}

export interface UnrecognisedLicenceLeaf {
  kind: 'unrecognised'
  /** The text as declared. */
  text: string
  /** `SEE LICENSE IN <file>` points at a file (or URL) instead of naming a licence. */
  seeFile: string | null
}

export type LicenceLeaf = KnownLicenceLeaf | UnrecognisedLicenceLeaf

export type LicenceExpression = LicenceLeaf | { kind: 'and' | 'or'; terms: LicenceExpression[] }

/** Deprecated ids with a WITH-exception or renamed replacement (SPDX licence list, deprecated section). */
const replacedIds: Record<string, { id: string; exception: string | null }> = {
  'GPL-2.0-with-classpath-exception': { id: 'GPL-2.0-only', exception: 'Classpath-exception-2.0' },
  'GPL-2.0-with-GCC-exception': { id: 'GPL-2.0-only', exception: 'GCC-exception-2.0' },
  'GPL-2.0-with-autoconf-exception': { id: 'GPL-2.0-only', exception: 'Autoconf-exception-2.0' },
  'GPL-2.0-with-bison-exception': { id: 'GPL-2.0-only', exception: 'Bison-exception-2.2' },
  'GPL-2.0-with-font-exception': { id: 'GPL-2.0-only', exception: 'Font-exception-2.0' },
  'GPL-3.0-with-GCC-exception': { id: 'GPL-3.0-only', exception: 'GCC-exception-3.1' },
  'GPL-3.0-with-autoconf-exception': { id: 'GPL-3.0-only', exception: 'Autoconf-exception-3.0' },
  'eCos-2.0': { id: 'GPL-2.0-or-later', exception: 'eCos-exception-2.0' },
  'StandardML-NJ': { id: 'SMLNJ', exception: null },
  'BSD-2-Clause-FreeBSD': { id: 'BSD-2-Clause', exception: null },
  'BSD-2-Clause-NetBSD': { id: 'BSD-2-Clause', exception: null },
}

const gnuVersioned = /^(A?GPL|LGPL|GFDL)-(\d\.\d)$/

/** One SPDX licence node (id, `+`, exception) → our leaf, upgrading deprecated ids. */
export function makeLicenceLeaf(id: string, plus: boolean, exception: string | null): KnownLicenceLeaf {
  const gnu = gnuVersioned.exec(id)
  if (gnu) return leaf(`${id}-${plus ? 'or-later' : 'only'}`, false, exception)
  if (plus && id.endsWith('-or-later')) return leaf(id, false, exception)
  const replaced = replacedIds[id]
  if (replaced) return leaf(replaced.id, plus, exception ?? replaced.exception)
  return leaf(id, plus, exception)
}

function leaf(id: string, orLater: boolean, exception: string | null): KnownLicenceLeaf {
  return { kind: 'licence', id, orLater, exception, custom: false }
}

type SpdxNode = ReturnType<typeof parseSpdx>

function fromSpdxNode(node: SpdxNode): LicenceExpression {
  if ('license' in node) return makeLicenceLeaf(node.license, node.plus === true, node.exception ?? null)
  return combineLicences(node.conjunction, [fromSpdxNode(node.left), fromSpdxNode(node.right)])
}

/** Parses a strictly valid SPDX expression; `null` when it is not one (no guessing here). */
export function parseSpdxExpression(text: string): LicenceExpression | null {
  try {
    return fromSpdxNode(parseSpdx(text.trim()))
  } catch {
    return null
  }
}

/** Joins terms with AND / OR, flattening nested terms of the same kind; one term stays itself. */
export function combineLicences(kind: 'and' | 'or', terms: LicenceExpression[]): LicenceExpression {
  const flat: LicenceExpression[] = []
  for (const t of terms) {
    if (t.kind === kind) flat.push(...t.terms)
    else flat.push(t)
  }
  const unique = flat.filter((t, i) => flat.findIndex((u) => sameLicence(u, t)) === i)
  if (unique.length === 1) return unique[0]!
  return { kind, terms: unique }
}

function sameLicence(a: LicenceExpression, b: LicenceExpression): boolean {
  return formatLicenceExpression(a) === formatLicenceExpression(b)
}

/** The text of one leaf: `GPL-2.0-only WITH Classpath-exception-2.0`, `Apache-2.0+`, or the raw text. */
export function formatLicenceLeaf(l: LicenceLeaf): string {
  if (l.kind === 'unrecognised') return l.text
  return `${l.id}${l.orLater ? '+' : ''}${l.exception ? ` WITH ${l.exception}` : ''}`
}

/** SPDX expression text with the fewest parentheses: `MIT OR (Apache-2.0 AND BSD-3-Clause)`. */
export function formatLicenceExpression(e: LicenceExpression, parent?: 'and' | 'or'): string {
  if (e.kind === 'licence' || e.kind === 'unrecognised') return formatLicenceLeaf(e)
  const text = e.terms
    .map((t) => formatLicenceExpression(t, e.kind))
    .join(e.kind === 'and' ? ' AND ' : ' OR ')
  return parent && parent !== e.kind ? `(${text})` : text
}

/** Every leaf, left to right, without repeats. */
export function licenceLeaves(e: LicenceExpression): LicenceLeaf[] {
  if (e.kind === 'licence' || e.kind === 'unrecognised') return [e]
  const out: LicenceLeaf[] = []
  for (const t of e.terms) {
    for (const l of licenceLeaves(t)) {
      if (!out.some((o) => formatLicenceLeaf(o) === formatLicenceLeaf(l))) out.push(l)
    }
  }
  return out
}
