// Shared conformance of every registered resolver (issue 18 acceptance 1): over a small build of its
// own, with each file replaced by garbage or cut short, with no datasource and with datasources
// that cannot answer, it never throws, and everything it reports names a file of the build and
// every error its line.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../datasources/maven-repository'
import { GARBAGE, truncations } from '../testing/conformance'
import { resolvers } from './api'
import type { Resolver, ResolverDeps, ResolverProject } from './types'

/** A small build each resolver reads (a new resolver adds its own here). */
const SAMPLES: Record<string, Record<string, string>> = {
  npm: { 'package.json': '{"name":"app","version":"1.0.0","dependencies":{"a":"^1.0.0"}}' },
  gradle: {
    'settings.gradle': "rootProject.name = 'app'\ninclude ':core'",
    'build.gradle': "dependencies {\n  implementation platform('org.acme:bom:1.0')\n}",
    'core/build.gradle': "dependencies {\n  implementation 'org.acme:core'\n  api 'org.x:y:1.0'\n}",
    'gradle/libs.versions.toml': '[libraries]\nz = "org.z:z:1.0"\n',
  },
  maven: {
    'pom.xml': readFileSync(new URL('./maven/fixtures/multi-module/pom.xml', import.meta.url), 'utf8'),
    'core/pom.xml': readFileSync(
      new URL('./maven/fixtures/multi-module/core/pom.xml', import.meta.url),
      'utf8',
    ),
  },
}

/** Datasources that cannot answer: the repository is unreachable, the registry has nothing. */
const failing: ResolverDeps = {
  'maven-repository': new MavenRepository({
    repositories: ['https://repository.invalid'],
    fetch: async () => ({ kind: 'failed', status: null, message: 'connect ECONNREFUSED' }),
  }),
  npm: {
    packuments: async (names) => new Map(names.map((n) => [n, { missing: 'registry unreachable' }])),
    pick: { nodeVersion: '20.0.0', npmVersion: '11.0.0' },
  },
}

function view(resolver: Resolver, files: Record<string, string>): ResolverProject {
  const paths = Object.keys(files)
  return {
    paths,
    readFile: (p) => files[p] ?? null,
    manifests: resolver.lockfile ? paths.filter((p) => resolver.matches(p)) : [],
  }
}

async function expectNamed(resolver: Resolver, files: Record<string, string>, label: string) {
  for (const deps of [{}, failing]) {
    const result = await resolver.extractAll(view(resolver, files), deps)
    for (const w of [...result.warnings, ...result.errors])
      expect(Object.keys(files), label).toContain(w.file)
    for (const e of result.errors) {
      if (files[e.file]?.trim()) expect(e.line, `${label}: ${e.message}`).toBeGreaterThan(0)
    }
  }
}

describe.each(resolvers.map((r) => [r.id, r] as const))('resolver %s', (id, resolver) => {
  const sample = SAMPLES[id]!

  it('has a sample build it claims, and finds a build in it', () => {
    expect(sample, 'add a sample build to SAMPLES').toBeDefined()
    for (const p of Object.keys(sample)) expect(resolver.matches(p), p).toBe(true)
    expect(resolver.builds(view(resolver, sample)).length).toBeGreaterThan(0)
  })

  it('never throws when a file is garbage, and names the file', async () => {
    for (const path of Object.keys(sample)) {
      for (const content of GARBAGE) {
        await expectNamed(resolver, { ...sample, [path]: content }, `${path} = ${JSON.stringify(content)}`)
      }
    }
  })

  it('never throws on its sample cut short, and names file and line', async () => {
    for (const path of Object.keys(sample)) {
      for (const cut of truncations(sample[path]!)) {
        await expectNamed(resolver, { ...sample, [path]: cut.content }, `${path} cut at ${cut.at}`)
      }
    }
  })

  it('says, rather than hides, that its datasources could not answer', async () => {
    const result = await resolver.extractAll(view(resolver, sample), failing)
    expect(result.warnings.length + result.errors.length).toBeGreaterThan(0)
  })
})
