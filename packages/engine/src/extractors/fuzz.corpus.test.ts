// Issue 3 acceptance 4: property-based fuzzing of every extractor on mutated corpus inputs
// (fast-check). Whatever the bytes, extract returns a result naming the file; it never throws or hangs.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../testing/corpus'
import { extractors } from './api'
import { contextOf } from './shared/test-support'

const corpus = requireCorpus()
const HEAD = 40_000

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full, `${prefix}${name}/`) : [`${prefix}${name}`]
  })
}

const all = walk(join(corpus, 'projects'))

/** A mutation: delete, insert, duplicate or replace a span of the text. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 200 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.string(),
      fc.constantFrom('{', '}', '"', ':', '\n', '  - ', '<a>', '&x;', '*a', '(', '@', ','),
    ),
  }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), len: fc.nat({ max: 400 }) }),
)

function apply(text: string, muts: fc.ContextValue[] | unknown[]): string {
  let out = text
  for (const m of muts as { kind: string; at: number; len?: number; text?: string }[]) {
    const at = out.length === 0 ? 0 : m.at % out.length
    if (m.kind === 'delete') out = out.slice(0, at) + out.slice(at + (m.len ?? 0))
    else if (m.kind === 'insert') out = out.slice(0, at) + (m.text ?? '') + out.slice(at)
    else out = out.slice(0, at) + out.slice(at, at + (m.len ?? 0)) + out.slice(at)
  }
  return out
}

describe.each(extractors.map((e) => [e.id, e] as const))('fuzz %s', (id, extractor) => {
  const samples = all.filter((p) => extractor.matches(p)).slice(0, 2)

  it.skipIf(samples.length === 0)('never throws on mutated corpus input', () => {
    const texts = samples.map((p) => readFileSync(join(corpus, 'projects', p), 'utf8').slice(0, HEAD))
    fc.assert(
      fc.property(
        fc.nat({ max: texts.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 8 }),
        (which, muts) => {
          const content = apply(texts[which]!, muts)
          const started = performance.now()
          const result = extractor.extract({ path: `fuzz/${id}`, content }, contextOf())
          expect(performance.now() - started).toBeLessThan(2000)
          if (!result.ok) expect(result.error.file).toBe(`fuzz/${id}`)
        },
      ),
      { numRuns: 60 },
    )
  })
})
