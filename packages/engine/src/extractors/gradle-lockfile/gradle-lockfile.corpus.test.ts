// The corpus gradle.lockfile projects (../shared/corpus, README §2): every file extracts exactly
// the modules of the reference inventory (expected/projects/<name>.json).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../../testing/corpus'
import { extractGradleLockfile } from './extract'

interface Expected {
  component_counts: Record<string, number>
  components: Record<string, string[]>
}

describe('gradle.lockfile corpus', () => {
  const corpus = requireCorpus()
  for (const project of ['vulnerable-java-application', 'kotlin-bip39']) {
    const expected = JSON.parse(
      readFileSync(join(corpus, 'expected/projects', `${project}.json`), 'utf8'),
    ) as Expected
    for (const [file, count] of Object.entries(expected.component_counts)) {
      it(`${project}/${file} extracts its ${count} entries`, () => {
        const content = readFileSync(join(corpus, 'projects', project, file), 'utf8')
        const r = extractGradleLockfile({ path: file, content })
        expect(r.ok).toBe(true)
        if (!r.ok) return
        const ours = [...new Set(r.graph.components.map((c) => `Maven:${c.name}@${c.version}`))].sort()
        expect(ours).toEqual([...(expected.components[file] ?? [])].sort())
        expect(ours).toHaveLength(count)
        expect(r.warnings).toEqual([])
        if (file.includes('buildscript-'))
          expect(r.graph.components.every((c) => c.scope === 'dev')).toBe(true)
      })
    }
  }

  it('gives the right scopes in vulnerable-java-application', () => {
    const content = readFileSync(join(corpus, 'projects/vulnerable-java-application/gradle.lockfile'), 'utf8')
    const r = extractGradleLockfile({ path: 'gradle.lockfile', content })
    const scope = (name: string): string | undefined =>
      r.ok ? r.graph.components.find((c) => c.name === name)?.scope : undefined
    expect(scope('ch.qos.logback:logback-classic')).toBe('prod')
    expect(scope('com.jayway.jsonpath:json-path')).toBe('test')
  })
})
