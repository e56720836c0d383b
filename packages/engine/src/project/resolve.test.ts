// resolveProject: lockfiles and Maven builds of one upload become one graph; without a repository the
// Maven build is named as unresolved rather than silently dropped.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../datasources/maven-repository'
import type { SourceFile } from '../extractors/types'
import { resolveProject, topLevelPoms } from './resolve'

const multi = fileURLToPath(new URL('../resolvers/maven/fixtures/multi-module/', import.meta.url))
const files: SourceFile[] = ['pom.xml', 'core/pom.xml', 'app/pom.xml'].map((p) => ({
  path: p,
  content: readFileSync(multi + p, 'utf8'),
}))
const lock: SourceFile = {
  path: 'web/package-lock.json',
  content: JSON.stringify({
    name: 'web',
    lockfileVersion: 3,
    packages: { '': { name: 'web', dependencies: { ms: '2.1.3' } }, 'node_modules/ms': { version: '2.1.3' } },
  }),
}

describe('resolveProject', () => {
  it('finds the top pom.xml of each build', () => {
    expect(topLevelPoms(['pom.xml', 'core/pom.xml', 'tools/x/pom.xml', 'other/pom.xml'])).toEqual(['pom.xml'])
    expect(topLevelPoms(['a/pom.xml', 'a/b/pom.xml', 'c/pom.xml'])).toEqual(['a/pom.xml', 'c/pom.xml'])
  })

  it('merges a Maven reactor with an npm lockfile', async () => {
    const maven = new MavenRepository({
      repositories: ['file:///usr/share/maven-repo'],
      fetchText: async (url) => {
        try {
          return { status: 200, body: readFileSync(fileURLToPath(url), 'utf8') }
        } catch {
          return { status: 404, body: '' }
        }
      },
    })
    const result = await resolveProject([...files, lock], { maven })
    const names = result.graph.components.map((c) => `${c.ecosystem}:${c.name}`)
    expect(names).toContain('npm:ms')
    expect(names).toContain('maven:org.slf4j:slf4j-api')
    expect(result.files).toContain('pom.xml')
    expect(result.errors).toEqual([])
  })

  it('names a Maven build it could not resolve', async () => {
    const result = await resolveProject(files, {})
    expect(result.warnings).toContainEqual({
      file: 'pom.xml',
      message: expect.stringContaining('not resolved'),
    })
  })
})
