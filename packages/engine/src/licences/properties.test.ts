import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { evaluateLicencePolicies } from './evaluate'
import { licenceLeaves } from './expression'
import { normaliseLicence } from './normalise'
import type { LicencePolicy } from './policy'

const ids = [
  'MIT',
  'ISC',
  'Apache-2.0',
  'GPL-2.0-only',
  'GPL-3.0-or-later',
  'LGPL-2.1-only',
  'AGPL-3.0-only',
  'BSD-3-Clause',
]
const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...ids),
    fc.tuple(tie('e'), fc.constantFrom('AND', 'OR'), tie('e')).map(([a, op, b]) => `(${a} ${op} ${b})`),
  ),
})).e

describe('licence properties', () => {
  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const n = normaliseLicence(v)
        expect(['declared', 'unrecognised', 'undeclared']).toContain(n.status)
      }),
    )
  })

  it('re-reads its own text to the same expression', () => {
    fc.assert(
      fc.property(expression, (text) => {
        const once = normaliseLicence(text)
        expect(normaliseLicence(once.text).text).toBe(once.text)
      }),
    )
  })

  it('passes a DENY policy exactly when the expression can be satisfied without the denied ids', () => {
    const denied = new Set(['GPL-2.0-only', 'GPL-3.0-or-later', 'AGPL-3.0-only'])
    const policy: LicencePolicy = { name: 'deny', kind: 'DENY', licences: [...denied] }
    // brute force: an expression passes when some choice of OR branches uses no denied licence
    const satisfiable = (e: ReturnType<typeof normaliseLicence>['expression']): boolean => {
      if (!e) return true
      if (e.kind === 'licence') return !denied.has(e.id)
      if (e.kind === 'unrecognised') return true
      return e.kind === 'or' ? e.terms.some(satisfiable) : e.terms.every(satisfiable)
    }
    fc.assert(
      fc.property(expression, (text) => {
        const n = normaliseLicence(text)
        const violations = evaluateLicencePolicies(n, [policy]).violations
        expect(violations.length === 0).toBe(satisfiable(n.expression))
        for (const v of violations) expect(denied.has(v.licence)).toBe(true)
        expect(licenceLeaves(n.expression!).length).toBeGreaterThan(0)
      }),
    )
  })
})
