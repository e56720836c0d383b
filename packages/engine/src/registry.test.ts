// The plugin registries (issue 18 acceptance 1; STYLE rule 2; docs/adding-an-ecosystem.md): every
// extractor, resolver and datasource is listed here with its metadata (files: the paths each must
// and must not claim, agreeing with the project scanner); every datasource a plugin names exists;
// the pipeline that walks the registries (project/resolve.ts, project/scan.ts) names no ecosystem.
// Each registry's api.test.ts runs the shared conformance tests on every member.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { datasources } from './datasources/api'
import { extractors } from './extractors/api'
import type { FilePluginInfo } from './model'
import { scanPaths } from './project/scan'
import { resolvers } from './resolvers/api'

interface Listed {
  info: Omit<FilePluginInfo, 'matches'>
  /** Root-relative paths it claims... */
  claims: string[]
  /** ...and near misses it must leave alone. */
  leaves: string[]
}

const EXTRACTORS: Record<string, Listed> = {
  'package-lock': {
    info: { id: 'package-lock', ecosystem: 'npm', kind: 'lockfile', datasources: [] },
    claims: ['package-lock.json', 'web/npm-shrinkwrap.json'],
    leaves: ['package.json', 'node_modules/a/package-lock.json', 'package-lock.json.bak'],
  },
  'yarn-lock': {
    info: { id: 'yarn-lock', ecosystem: 'npm', kind: 'lockfile', datasources: [] },
    claims: ['yarn.lock', 'app/yarn.lock'],
    leaves: ['.yarnrc.yml', 'node_modules/a/yarn.lock'],
  },
  'pnpm-lock': {
    info: { id: 'pnpm-lock', ecosystem: 'npm', kind: 'lockfile', datasources: [] },
    claims: ['pnpm-lock.yaml', 'app/pnpm-lock.yaml'],
    leaves: ['pnpm-workspace.yaml', 'node_modules/a/pnpm-lock.yaml'],
  },
  'cyclonedx-json': {
    info: { id: 'cyclonedx-json', ecosystem: 'any', kind: 'sbom', datasources: [] },
    claims: ['bom.json', 'sbom/app.cdx.json'],
    leaves: ['bom.xml', 'package.json'],
  },
  'cyclonedx-xml': {
    info: { id: 'cyclonedx-xml', ecosystem: 'any', kind: 'sbom', datasources: [] },
    claims: ['bom.xml', 'sbom/app.cdx.xml'],
    leaves: ['bom.json', 'pom.xml'],
  },
  'spdx-json': {
    info: { id: 'spdx-json', ecosystem: 'any', kind: 'sbom', datasources: [] },
    claims: ['app.spdx.json', 'sbom/x.spdx.json'],
    leaves: ['app.spdx', 'package.json'],
  },
  'gradle-lockfile': {
    info: { id: 'gradle-lockfile', ecosystem: 'maven', kind: 'lockfile', datasources: [] },
    claims: ['gradle.lockfile', 'lib/buildscript-gradle.lockfile'],
    leaves: ['gradle.properties', 'gradle.lockfile.bak'],
  },
  'gradle-build': {
    info: { id: 'gradle-build', ecosystem: 'maven', kind: 'manifest', datasources: [] },
    claims: ['build.gradle', 'app/build.gradle.kts'],
    leaves: ['settings.gradle', 'build.gradle.bak'],
  },
}

const RESOLVERS: Record<string, Listed> = {
  npm: {
    info: { id: 'npm', ecosystem: 'npm', kind: 'manifest', datasources: ['npm'] },
    claims: ['package.json', 'packages/ui/package.json'],
    leaves: ['tsconfig.json', 'node_modules/a/package.json', 'package.json5'],
  },
  gradle: {
    info: { id: 'gradle', ecosystem: 'maven', kind: 'manifest', datasources: ['maven-repository'] },
    claims: [
      'settings.gradle',
      'build.gradle.kts',
      'app/build.gradle',
      'gradle.properties',
      'gradle/libs.versions.toml',
    ],
    leaves: ['gradle.lockfile', 'gradlew', 'gradle/wrapper/gradle-wrapper.properties'],
  },
  maven: {
    info: { id: 'maven', ecosystem: 'maven', kind: 'manifest', datasources: ['maven-repository'] },
    claims: ['pom.xml', 'core/pom.xml'],
    leaves: ['pom.xml.bak', 'bom.xml', '.mvn/maven.config'],
  },
}

const DATASOURCES: Record<string, { ecosystem: string; defaultRegistries: string[] }> = {
  npm: { ecosystem: 'npm', defaultRegistries: ['https://registry.npmjs.org/'] },
  'maven-repository': { ecosystem: 'maven', defaultRegistries: ['https://repo.maven.apache.org/maven2'] },
}

const UNRELATED = ['README.md', 'src/index.ts', 'node_modules/a/package.json']

const infoOf = (p: FilePluginInfo) => ({
  id: p.id,
  ecosystem: p.ecosystem,
  kind: p.kind,
  datasources: p.datasources,
})

describe('the extractor registry', () => {
  it('lists exactly the extractors of this table, in this order', () => {
    expect(extractors.map((e) => e.id)).toEqual(Object.keys(EXTRACTORS))
  })

  describe.each(extractors.map((e) => [e.id, e] as const))('extractor %s', (id, extractor) => {
    const listed = EXTRACTORS[id]!

    it('has its metadata, a unique id and a folder of that name', () => {
      expect(infoOf(extractor)).toEqual(listed.info)
      expect(extractors.filter((e) => e.id === id)).toHaveLength(1)
      expect(existsSync(new URL(`./extractors/${id}/extractor.ts`, import.meta.url))).toBe(true)
    })

    it('claims its files and no others, as the scanner does', () => {
      for (const p of listed.claims) expect(extractor.matches(p), p).toBe(true)
      for (const p of [...listed.leaves, ...UNRELATED]) expect(extractor.matches(p), p).toBe(false)
      const scan = scanPaths([...listed.claims, ...listed.leaves, ...UNRELATED])
      const sources = scan.groups.flatMap((g) => g.sources)
      for (const p of listed.claims) {
        expect(scan.supported, p).toContain(p)
        expect(sources.find((s) => s.path === p)?.extractorIds, p).toContain(id)
        const group = scan.groups.find((g) => g.sources.some((s) => s.path === p))
        expect(group?.kind, p).toBe(extractor.kind === 'sbom' ? 'sbom' : 'lockfile')
      }
      for (const s of sources) expect(s.extractorIds.includes(id), s.path).toBe(extractor.matches(s.path))
    })
  })
})

describe('the resolver registry', () => {
  it('lists exactly the resolvers of this table, in this order', () => {
    expect(resolvers.map((r) => r.id)).toEqual(Object.keys(RESOLVERS))
  })

  describe.each(resolvers.map((r) => [r.id, r] as const))('resolver %s', (id, resolver) => {
    const listed = RESOLVERS[id]!

    it('has its metadata, a unique id and a folder of that name', () => {
      expect(infoOf(resolver)).toEqual(listed.info)
      expect(resolvers.filter((r) => r.id === id)).toHaveLength(1)
      expect(existsSync(new URL(`./resolvers/${id}/resolver.ts`, import.meta.url))).toBe(true)
    })

    it('claims its files and no others, and the scanner keeps them for it', () => {
      for (const p of listed.claims) expect(resolver.matches(p), p).toBe(true)
      for (const p of [...listed.leaves, ...UNRELATED]) expect(resolver.matches(p), p).toBe(false)
      const scan = scanPaths([...listed.claims, ...listed.leaves, ...UNRELATED])
      for (const p of listed.claims) expect(scan.supported, p).toContain(p)
      // Only a manifest a lockfile would pin forms a sub-project of its own before resolution.
      const manifests = scan.groups.filter((g) => g.kind === 'manifest').flatMap((g) => g.manifests)
      for (const p of listed.claims) expect(manifests.includes(p), p).toBe(resolver.lockfile !== undefined)
    })
  })
})

describe('the datasource registry', () => {
  it('lists exactly the datasources of this table, in this order, with their metadata', () => {
    expect(datasources.map((d) => d.id)).toEqual(Object.keys(DATASOURCES))
    for (const d of datasources) {
      expect({ ecosystem: d.ecosystem, defaultRegistries: d.defaultRegistries }, d.id).toEqual(
        DATASOURCES[d.id],
      )
      expect(existsSync(new URL(`./datasources/${d.id}/datasource.ts`, import.meta.url)), d.id).toBe(true)
    }
  })

  it('has every datasource an extractor or a resolver names, and one per ecosystem', () => {
    const ids = new Set(datasources.map((d) => d.id))
    for (const p of [...extractors, ...resolvers])
      for (const d of p.datasources) expect(ids.has(d), `${p.id} names ${d}`).toBe(true)
    const ecosystems = datasources.map((d) => d.ecosystem)
    expect(new Set(ecosystems).size).toBe(ecosystems.length)
  })
})

describe('the pipeline walks the registries', () => {
  const names = [
    ...new Set([
      ...[...extractors, ...resolvers].flatMap((p) => [p.id, p.ecosystem]),
      ...[...extractors, ...resolvers].flatMap((p) => p.datasources),
      ...Object.values({ ...EXTRACTORS, ...RESOLVERS }).flatMap((l) =>
        l.claims.map((c) => c.split('/').pop()!),
      ),
      'pom',
      'gradle',
      'yarn',
      'pnpm',
      'shrinkwrap',
      'cyclonedx',
      'spdx',
    ]),
  ].filter((n) => n !== 'any')

  it.each(['project/resolve.ts', 'project/scan.ts'])('%s names no ecosystem, format or plugin', (file) => {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').toLowerCase()
    const named = names.filter((n) =>
      new RegExp(`(^|[^a-z])${n.toLowerCase().replace(/[.]/g, '\\.')}([^a-z]|$)`).test(text),
    )
    expect(named).toEqual([])
  })
})
