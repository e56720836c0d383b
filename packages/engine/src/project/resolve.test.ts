// resolveProject: lockfiles and Maven builds of one upload become one graph; without a repository the
// Maven build is named as unresolved rather than silently dropped.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../datasources/maven-repository'
import type { SourceFile } from '../extractors/types'
import { topLevelGradleBuilds } from '../resolvers/gradle/resolver'
import { topLevelPoms } from '../resolvers/maven/resolver'
import { fileRegistryFetch } from '../testing/registry-fetch'
import { resolveProject } from './resolve'

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
      fetch: fileRegistryFetch,
    })
    const result = await resolveProject([...files, lock], { 'maven-repository': maven })
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

  it('finds the root folder of each Gradle build', () => {
    expect(
      topLevelGradleBuilds([
        'settings.gradle.kts',
        'build.gradle.kts',
        'app/build.gradle.kts',
        'build-logic/settings.gradle.kts',
        'tools/x/build.gradle',
      ]),
    ).toEqual([''])
    expect(
      topLevelGradleBuilds(['a/build.gradle', 'a/b/build.gradle', 'c/settings.gradle', 'pom.xml']),
    ).toEqual(['a', 'c'])
  })

  it('resolves a Gradle build: each project a sub-project, scripts outside the build and versionless dependencies named', async () => {
    const gradle: SourceFile[] = [
      { path: 'settings.gradle', content: "include ':app'" },
      { path: 'build.gradle', content: "dependencies {\n  implementation platform('org.acme:bom:1.0')\n}" },
      { path: 'app/build.gradle', content: "dependencies {\n  implementation 'org.acme:core'\n}" },
      { path: 'app/gradle.lockfile', content: 'org.acme:core:1.0=runtimeClasspath\nempty=\n' },
      { path: 'stray/build.gradle', content: "dependencies {\n  implementation 'org.x:x:1.0'\n}" },
    ]
    const result = await resolveProject(gradle, {})
    expect(result.groups.map((g) => `${g.dir || '.'}: ${g.sources.map((s) => s.path).join(', ')}`)).toEqual([
      '.: build.gradle',
      'app: app/gradle.lockfile, app/build.gradle',
    ])
    expect(result.files).toEqual([
      'app/build.gradle',
      'app/gradle.lockfile',
      'build.gradle',
      'settings.gradle',
    ])
    expect(result.graph.components.map((c) => `${c.name}@${c.version}`)).toEqual([
      'org.acme:core@1.0',
      'org.acme:bom@1.0',
      'org.acme:core@', // the root's platform does not reach :app (Gradle platforms are per project)
    ])
    expect(result.warnings).toEqual([
      {
        file: 'app/build.gradle',
        line: 2,
        message: 'org.acme:core: no version declared and no platform or BOM manages it',
        gap: 'incomplete-graph',
      },
      {
        file: 'stray/build.gradle',
        message: 'not a project of the Gradle build in . (its settings file does not include it): not read',
      },
    ])
  })
})
