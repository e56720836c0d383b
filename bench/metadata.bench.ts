// Metadata benchmarks (issue 5 acceptance 6; DESIGN §8): stability + licensing sections for the largest
// npm corpus project whose packuments are recorded (nodegoat), from a warm metadata cache and cold
// through the local registry, beside `npm outdated` against the same registry in the same run.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  buildLicensingSection,
  buildStabilitySection,
  type Component,
  extractProject,
  getVersionScheme,
  isRegistryComponent,
} from '@sextant/engine'
import { createMetadataSource, type PackageMetadata } from '../packages/server/src/metadata'
import { materialiseProject, npmOutdated } from '../packages/server/src/metadata/npm-outdated'
import { openMigratedDatabase } from '../packages/server/src/metadata/test-database'
import { startTestNpmRegistry } from '../packages/server/src/testing/npm-registry'
import { type BenchRow, type BenchSection, median, ms } from './table'

const corpus = process.env.SEXTANT_CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus')
const project = join(corpus, 'projects/nodegoat')
const warmRuns = 7

export async function metadataBench(): Promise<BenchSection> {
  const packageJson = readFileSync(join(project, 'package.json'), 'utf8')
  const packageLock = readFileSync(join(project, 'package-lock.json'), 'utf8')
  const { graph } = extractProject([
    { path: 'package.json', content: packageJson },
    { path: 'package-lock.json', content: packageLock },
  ])
  const components = graph.components.filter((c) => c.ecosystem === 'npm' && isRegistryComponent(c))
  const packages = new Set(components.map((c) => c.name)).size
  const registry = await startTestNpmRegistry()
  const database = await openMigratedDatabase('embedded')
  const config = {
    npmRegistry: registry.url,
    mavenRepositories: [],
    metadataTtlMs: 24 * 3600_000,
    offline: false,
  }
  const rows: BenchRow[] = []
  const notes: string[] = []
  try {
    const shared = createMetadataSource(database.db, config)
    // `fresh`: a new source per run (no memory carried over: every entry read from the database);
    // otherwise the process's one shared source, as the server runs it.
    const analyse = async (fresh: boolean) => {
      const t0 = performance.now()
      const source = fresh ? createMetadataSource(database.db, config) : shared
      const batch = await source.metadataFor(
        components.map((c) => ({ ecosystem: c.ecosystem, name: c.name, version: c.version })),
      )
      sections(components, batch.packages)
      return { ms: performance.now() - t0, batch }
    }
    const cold = await analyse(false)
    const coldRequests = registry.totalRequests()
    const warm: number[] = []
    const warmDb: number[] = []
    for (let i = 0; i < warmRuns; i++) {
      for (const [fresh, times] of [
        [false, warm],
        [true, warmDb],
      ] as const) {
        const run = await analyse(fresh)
        if (run.batch.fetched !== 0) throw new Error(`warm run fetched ${run.batch.fetched} packages`)
        times.push(run.ms)
      }
    }

    const temp = materialiseProject(packageJson, packageLock)
    let direct: number
    let all: number
    try {
      const t1 = performance.now()
      await npmOutdated(temp.dir, registry.url)
      direct = performance.now() - t1
      const t2 = performance.now()
      await npmOutdated(temp.dir, registry.url, ['--all'])
      all = performance.now() - t2
    } finally {
      temp.dispose()
    }

    const what = `${components.length} components / ${packages} packages (nodegoat)`
    rows.push({
      what: `stability + licensing, ${what}, warm metadata cache (the server's shared source), median of ${warmRuns}`,
      budget: '≤ 100 ms',
      measured: ms(median(warm)),
      ok: median(warm) <= 100,
    })
    rows.push({
      what: `same, warm database cache only (new source per run: one query reads all ${packages} entries, embedded)`,
      budget: '—',
      measured: ms(median(warmDb)),
      ok: null,
    })
    rows.push({
      what: `stability + licensing, ${what}, cold: every packument through the local registry (${coldRequests} requests)`,
      budget: '—',
      measured: ms(cold.ms),
      ok: null,
      peer: `npm outdated --all (whole tree, fresh npm cache): ${ms(all)}`,
    })
    rows.push({
      what: 'npm outdated, direct dependencies only (fresh npm cache), same registry',
      budget: '—',
      measured: '—',
      ok: null,
      peer: ms(direct),
    })
    notes.push(
      `Local registry: node:http on 127.0.0.1 serving the recorded packuments of ../shared/corpus/npm-registry (gzip), as npm's client and ours fetch them.`,
      'Warm: fresh entries held by the process answer at once; a new process reads every cached entry in one query; nothing is asked of the registry. Cold: the full packuments (not the abbreviated form: licences) are fetched 8 at a time, parsed and written back in one statement.',
    )
  } finally {
    await registry.close()
    await database.close()
  }
  return {
    title: 'Registry metadata, stability and licensing (issue 5)',
    command: 'npm run bench',
    rows,
    notes,
  }
}

function sections(components: Component[], metadata: ReadonlyMap<string, PackageMetadata>): void {
  buildStabilitySection({ components, metadata, schemeFor: getVersionScheme })
  buildLicensingSection({ components, metadata, policies: [] })
}
