// Oracle for the package.json resolution (issue 3 "package.json without a lockfile"): for three small
// manifests whose whole dependency closure is among the recorded packuments (../shared/corpus/
// npm-registry), npm itself (`npm install --package-lock-only`) runs against the local registry serving
// them, and its package-lock.json must equal our resolution: every folder (the hoisted layout, so the
// paths from the root too), name@version and dev flag. Our side goes through the metadata facade the
// analysis uses (database cache included), on the embedded database.
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { resolveNpmManifest } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMetadataSource } from '../metadata'
import { type MigratedDatabase, openMigratedDatabase } from '../metadata/test-database'
import { startTestInstance, waitForReport } from '../testing/instance'
import { startTestNpmRegistry, type TestNpmRegistry } from '../testing/npm-registry'
import { createAnalysisSources } from './analysis.sources'

const MANIFESTS: Record<string, Record<string, unknown>> = {
  // express 4.17.1 and mocha need different debug majors (nesting); react-dom brings its peer react.
  'web-app': {
    dependencies: { express: '4.17.1', 'react-dom': '^18.2.0' },
    devDependencies: { mocha: '^10.0.0' },
  },
  // chalk/yargs/debug shared with eslint's tree: the prod/dev split of shared packages.
  cli: {
    dependencies: { chalk: '^4.1.0', yargs: '^17.0.0', debug: '^4.3.0' },
    devDependencies: { eslint: '^8.0.0' },
  },
  // optionalDependencies and the project's own peerDependencies (installed by npm 7+).
  library: {
    dependencies: { axios: '^0.21.0' },
    optionalDependencies: { lodash: '^4.17.0' },
    peerDependencies: { react: '^18.0.0' },
    devDependencies: { typescript: '^5.0.0', webpack: '^5.0.0' },
  },
}

const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()

/**
 * `node_modules/a/node_modules/b` → `b@1.2.3` (+ ` dev`), as npm wrote its lockfile. npm runs as a
 * child process without blocking: the registry answering it lives in this process.
 */
async function npmLayout(registry: string, manifest: Record<string, unknown>): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-npm-oracle-'))
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--package-lock-only',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--registry',
        registry,
        '--cache',
        join(dir, '.npm-cache'),
        '--userconfig',
        join(dir, '.npmrc'),
      ],
      { cwd: dir, env, timeout: 180_000 },
    )
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { name?: string; version: string; dev?: boolean }>
    }
    const out = new Map<string, string>()
    for (const [location, entry] of Object.entries(lock.packages)) {
      if (location === '') continue
      const name =
        entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
      out.set(location, `${name}@${entry.version}${entry.dev ? ' dev' : ''}`)
    }
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('package.json resolution against npm itself', () => {
  let registry: TestNpmRegistry
  let database: MigratedDatabase

  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    database = await openMigratedDatabase('embedded')
  })
  afterAll(async () => {
    await registry?.close()
    await database?.close()
  })

  it.each(Object.keys(MANIFESTS))('%s: same folders, versions and dev flags as npm', async (name) => {
    const manifest = { name, version: '1.0.0', ...MANIFESTS[name] }
    const expected = await npmLayout(registry.url, manifest)

    const metadata = createMetadataSource(database.db, {
      npmRegistry: registry.url,
      mavenRepositories: [],
      metadataTtlMs: 3600_000,
      offline: false,
    })
    const sources = createAnalysisSources(
      { recordsFor: async () => [], isEmpty: async () => true },
      metadata,
      undefined,
      { nodeVersion: process.version, npmVersion },
    )
    const resolution = sources.npmResolution!()
    const result = await resolveNpmManifest({
      path: 'package.json',
      content: JSON.stringify(manifest, null, 2),
      ...resolution,
    })
    if (!result.ok) throw new Error(result.error.message)
    expect(result.warnings).toEqual([])
    const scopes = new Map(result.graph.components.map((c) => [`${c.name}@${c.version}`, c.scope]))
    const ours = new Map(
      [...result.layout].map(([location, id]) => [
        location,
        `${id}${scopes.get(id) === 'dev' ? ' dev' : ''}`,
      ]),
    )
    expect(Object.fromEntries([...ours].sort())).toEqual(Object.fromEntries([...expected].sort()))
    expect(expected.size).toBeGreaterThan(60)
    // Every component is marked as Sextant's resolution; the direct ones are exactly the manifest's.
    expect(result.graph.components.every((c) => c.resolvedBySextant === true)).toBe(true)
    const direct = result.graph.components.filter((c) => c.direct).map((c) => c.name)
    const declared = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap(
      (k) =>
        Object.keys((manifest as unknown as Record<string, Record<string, string> | undefined>)[k] ?? {}),
    )
    expect(direct.sort()).toEqual([...new Set(declared)].sort())
  })

  it('an uploaded lone package.json becomes a report on the whole resolved tree, with the note', async () => {
    const manifest = { name: 'lone', version: '1.0.0', ...MANIFESTS.cli }
    const expected = await npmLayout(registry.url, manifest)
    const t = await startTestInstance('embedded', {
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
    })
    try {
      const form = new FormData()
      form.append('file', new Blob([JSON.stringify(manifest, null, 2)]), 'package.json')
      const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
        method: 'POST',
        body: form,
      })
      expect(res.status).toBe(202)
      const { projectUuid } = await res.json()
      const report = await waitForReport(t.url, projectUuid, 'main', {}, 60_000)
      const distinct = new Set([...expected.values()].map((v) => v.replace(/ dev$/, '')))
      expect(report.summary).toMatchObject({ components: distinct.size, direct: 4 })
      const notes = (report.notes as { message: string; file?: string }[]).filter(
        (n) => n.file === 'package.json',
      )
      expect(notes.map((n) => n.message)).toEqual([
        expect.stringMatching(/^package.json without a lockfile: dependencies resolved by Sextant/),
      ])
    } finally {
      await t.close()
    }
  })
})
