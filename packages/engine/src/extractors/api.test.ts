// Conformance of every registered extractor (STYLE rule 2): unique ids equal to their folder, and the
// shared contract: no throw on any input, oversize files refused, bad content reported with the file.
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractors } from './api'
import { MAX_FILE_BYTES } from './shared/limits'
import { contextOf } from './shared/test-support'

const junk = [
  '',
  ' ',
  'null',
  '[]',
  '{}',
  '{"a":',
  '<x>',
  'a: [',
  '\u0000\uffff',
  '{"lockfileVersion": 99}',
  '# c\n',
]

describe.each(extractors.map((e) => [e.id, e] as const))('extractor %s', (id, extractor) => {
  it('has a unique id that is its folder name', () => {
    expect(extractors.filter((e) => e.id === id)).toHaveLength(1)
    expect(existsSync(new URL(`./${id}/extractor.ts`, import.meta.url))).toBe(true)
  })

  it('never throws and names the file in every error and warning', () => {
    for (const content of junk) {
      const result = extractor.extract({ path: 'dir/x', content }, contextOf())
      const named = result.ok ? result.warnings : [result.error, ...result.warnings]
      for (const w of named) expect(w.file).toBe('dir/x')
    }
  })

  it('refuses a file above the size limit without reading it', () => {
    const big = { path: 'x', content: { length: MAX_FILE_BYTES + 1 } as unknown as string }
    expect(extractor.extract(big, contextOf())).toEqual({
      ok: false,
      error: { file: 'x', message: 'file too large (limit 50 MB)' },
      warnings: [],
    })
  })

  it('does not claim unrelated files', () => {
    for (const p of ['README.md', 'src/index.ts', 'node_modules/a/package.json'])
      expect(extractor.matches(p)).toBe(false)
  })
})
