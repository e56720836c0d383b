// Shared conformance of every registered extractor (issue 18 acceptance 1; DESIGN §4 "never throws
// on bad content"): garbage and its own fixtures cut short never throw, every error and warning
// names the file and every content error its line, and oversize files are refused unread.
import { describe, expect, it } from 'vitest'
import { GARBAGE, truncatedFixtures } from '../testing/conformance'
import { extractors } from './api'
import { MAX_FILE_BYTES } from './shared/limits'
import { contextOf } from './shared/test-support'
import type { Extractor } from './types'

/** Errors and warnings of one extraction: each names the file, and an error in content its line. */
function expectNamed(extractor: Extractor, content: string, label: string): void {
  const result = extractor.extract({ path: 'dir/x', content }, contextOf())
  const errors = result.ok ? [] : [result.error]
  for (const w of [...errors, ...result.warnings]) expect(w.file, label).toBe('dir/x')
  if (content.trim() !== '')
    for (const e of errors) expect(e.line, `${label}: ${e.message}`).toBeGreaterThan(0)
}

describe.each(extractors.map((e) => [e.id, e] as const))('extractor %s', (id, extractor) => {
  it('never throws on garbage, and names file and line in what it reports', () => {
    for (const content of GARBAGE) expectNamed(extractor, content, JSON.stringify(content))
  })

  it('never throws on its own fixtures cut short, and names file and line', () => {
    const cut = truncatedFixtures(new URL(`./${id}/fixtures/`, import.meta.url))
    expect(cut.length).toBeGreaterThan(0)
    for (const { name, content } of cut) expectNamed(extractor, content, name)
  })

  it('refuses a file above the size limit without reading it', () => {
    const big = { path: 'x', content: { length: MAX_FILE_BYTES + 1 } as unknown as string }
    expect(extractor.extract(big, contextOf())).toEqual({
      ok: false,
      error: { file: 'x', message: 'file too large (limit 50 MB)' },
      warnings: [],
    })
  })
})
