// The plugin registries (issue 18 acceptance 1; STYLE rule 2; docs/adding-an-ecosystem.md): every
// extractor is listed here with its metadata and the paths it must and must not claim, and passes
// the shared conformance tests: no throw on garbage or truncated input, errors and warnings naming
// file and line, oversize files refused, and `matches` agreeing with the project scanner.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractors } from './extractors/api'
import { MAX_FILE_BYTES } from './extractors/shared/limits'
import { contextOf } from './extractors/shared/test-support'
import type { Extractor } from './extractors/types'
import type { FilePluginInfo } from './model'
import { scanPaths } from './project/scan'

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

const UNRELATED = ['README.md', 'src/index.ts', 'node_modules/a/package.json']

const GARBAGE = [
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
  '<<<<<<< HEAD\n',
]

/** Every fixture file beside the plugin, cut at several points: what a failed upload leaves behind. */
function truncatedFixtures(folder: URL): { name: string; content: string }[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((name) => statSync(new URL(name, folder)).isFile())
    .flatMap((name) => {
      const text = readFileSync(new URL(name, folder), 'utf8')
      return [0.1, 0.33, 0.5, 0.77, 0.95].map((f) => ({
        name: `${name} cut at ${Math.round(f * 100)} %`,
        content: text.slice(0, Math.floor(text.length * f)),
      }))
    })
}

/** Errors and warnings of one extraction: each names the file, and an error in content its line. */
function expectNamed(extractor: Extractor, content: string, label: string): void {
  const result = extractor.extract({ path: 'dir/x', content }, contextOf())
  const errors = result.ok ? [] : [result.error]
  for (const w of [...errors, ...result.warnings]) expect(w.file, label).toBe('dir/x')
  if (content.trim() !== '')
    for (const e of errors) expect(e.line, `${label}: ${e.message}`).toBeGreaterThan(0)
}

describe('the extractor registry', () => {
  it('lists exactly the extractors of this table, in this order', () => {
    expect(extractors.map((e) => e.id)).toEqual(Object.keys(EXTRACTORS))
  })

  describe.each(extractors.map((e) => [e.id, e] as const))('extractor %s', (id, extractor) => {
    const listed = EXTRACTORS[id]!

    it('has its metadata, a unique id and a folder of that name', () => {
      const { matches: _, extract: __, ignoredBeside: ___, ...info } = extractor
      expect(info).toEqual(listed.info)
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

    it('never throws on garbage, and names file and line in what it reports', () => {
      for (const content of GARBAGE) expectNamed(extractor, content, JSON.stringify(content))
    })

    it('never throws on its own fixtures cut short, and names file and line', () => {
      const cut = truncatedFixtures(new URL(`./extractors/${id}/fixtures/`, import.meta.url))
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
})
