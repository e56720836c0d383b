// Extraction benchmarks (issue 3 acceptance 5, DESIGN §8): the largest corpus lockfile (tanstack-query
// pnpm, 3,136 packages), a generated 10,000-package package-lock v3 beside cyclonedx-npm on the same
// file, and the largest SBOMs. Budget ≤ 100 ms per 3,000 packages; first (cold) run and warm median.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { SourceFile } from '../packages/engine/src/extractors/types'
import { extractProject } from '../packages/engine/src/project/extract'
import { runCyclonedxNpm } from '../packages/engine/src/project/peer-cyclonedx-npm'
import { type BenchRow, type BenchSection, median, ms } from './table'

const corpus = process.env.SEXTANT_CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus')
const WARM_RUNS = 9

/** Top-level packages; 1,000 more sit nested under a parent (a second major of a top-level name). */
const TOP = 9000
const NESTED = 1000

function nameOf(i: number): string {
  return i % 10 === 0 ? `@gen/lib-${i}` : `pkg-${i}`
}

function integrity(seed: string): string {
  return `sha512-${Buffer.from(seed.padEnd(64, '#').slice(0, 64)).toString('base64')}`
}

/** Layer sizes (9,000 top-level packages): the root needs layer 0, each layer needs the next. */
const LAYERS = [300, 1000, 1900, 2400, 3400]

/**
 * A package-lock.json v3 with 10,000 unique name@version, shaped like a real tree: five layers deep,
 * every package needed by one of the layer above plus two shared ones (fan-in), 1,000 nested second
 * majors, dev flags from reachability as npm sets them. (A long chain made npm ls run for minutes.)
 */
export function generatedLockfile(): { packageJson: string; lockfile: string } {
  const starts = LAYERS.map((_, l) => LAYERS.slice(0, l).reduce((a, b) => a + b, 0))
  const layerOf = (i: number) => starts.findLastIndex((s) => s <= i)
  const deps = (i: number): number[] => {
    const l = layerOf(i)
    if (l === LAYERS.length - 1) return []
    const size = LAYERS[l]!
    const next = LAYERS[l + 1]!
    const own = i - starts[l]!
    const out = new Set<number>()
    for (let j = own; j < next; j += size) out.add(starts[l + 1]! + j)
    for (const t of [7, 13]) out.add(starts[l + 1]! + ((own * t + t) % next))
    return [...out]
  }
  const nestedParent = (k: number) => (k * 9) % TOP
  const nestedChild = (k: number) => (k * 9 + 5) % TOP
  const rootProd = Array.from({ length: 200 }, (_, i) => i)
  const rootDev = Array.from({ length: 100 }, (_, i) => 200 + i)
  const prod = new Set<number>()
  const stack = [...rootProd]
  while (stack.length) {
    const i = stack.pop()!
    if (prod.has(i)) continue
    prod.add(i)
    stack.push(...deps(i))
  }
  const version = (i: number) => `1.${i % 10}.${i % 7}`
  const tarball = (name: string, v: string) =>
    `https://registry.npmjs.org/${name}/-/${name.slice(name.indexOf('/') + 1)}-${v}.tgz`
  const rootDeps = Object.fromEntries(rootProd.map((i) => [nameOf(i), `^${version(i)}`]))
  const rootDevDeps = Object.fromEntries(rootDev.map((i) => [nameOf(i), `^${version(i)}`]))
  const packages: Record<string, unknown> = {
    '': { name: 'generated', version: '1.0.0', dependencies: rootDeps, devDependencies: rootDevDeps },
  }
  const nestedOf = new Map<number, number[]>()
  for (let k = 0; k < NESTED; k++)
    nestedOf.set(nestedParent(k), [...(nestedOf.get(nestedParent(k)) ?? []), k])
  for (let i = 0; i < TOP; i++) {
    const name = nameOf(i)
    const dependencies: Record<string, string> = {}
    for (const j of deps(i)) dependencies[nameOf(j)] = '^1.0.0'
    for (const k of nestedOf.get(i) ?? []) dependencies[nameOf(nestedChild(k))] = '^2.0.0'
    packages[`node_modules/${name}`] = {
      version: version(i),
      resolved: tarball(name, version(i)),
      integrity: integrity(`${name}@${version(i)}`),
      ...(prod.has(i) ? {} : { dev: true }),
      license: 'MIT',
      ...(Object.keys(dependencies).length ? { dependencies } : {}),
    }
  }
  for (let k = 0; k < NESTED; k++) {
    const parent = nameOf(nestedParent(k))
    const child = nameOf(nestedChild(k))
    packages[`node_modules/${parent}/node_modules/${child}`] = {
      version: '2.0.0',
      resolved: tarball(child, '2.0.0'),
      integrity: integrity(`${child}@2.0.0`),
      ...(prod.has(nestedParent(k)) ? {} : { dev: true }),
      license: 'MIT',
    }
  }
  const lock = { name: 'generated', version: '1.0.0', lockfileVersion: 3, requires: true, packages }
  const pkg = { name: 'generated', version: '1.0.0', dependencies: rootDeps, devDependencies: rootDevDeps }
  return { packageJson: `${JSON.stringify(pkg, null, 2)}\n`, lockfile: `${JSON.stringify(lock, null, 2)}\n` }
}

function timeExtraction(files: SourceFile[]): { cold: number; warm: number; components: number } {
  const times: number[] = []
  let components = 0
  for (let i = 0; i <= WARM_RUNS; i++) {
    const t0 = performance.now()
    const result = extractProject(files)
    times.push(performance.now() - t0)
    if (result.errors.length) throw new Error(`extraction failed: ${JSON.stringify(result.errors)}`)
    components = result.graph.components.length
  }
  return { cold: times[0]!, warm: median(times.slice(1)), components }
}

function corpusFiles(project: string, paths: string[]): SourceFile[] {
  return paths.map((path) => ({
    path,
    content: readFileSync(join(corpus, 'projects', project, path), 'utf8'),
  }))
}

function row(what: string, packages: number, t: ReturnType<typeof timeExtraction>, peer?: string): BenchRow {
  const budget = (100 * packages) / 3000
  return {
    what: `${what}: warm median of ${WARM_RUNS} (first run)`,
    budget: `≤ ${ms(budget)}`,
    measured: `${ms(t.warm)} (${ms(t.cold)}), ${t.components.toLocaleString('en')} components`,
    ok: t.warm <= budget,
    peer,
  }
}

export async function extractionBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = [
    'extractProject (detection, parse, graph with every path, locations, merge) in this process; budget 100 ms per 3,000 packages, scaled to each file.',
  ]
  const tanstack = corpusFiles('tanstack-query', ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'])
  rows.push(
    row('tanstack-query pnpm-lock.yaml v9 (3,136 packages, 102 importers)', 3136, timeExtraction(tanstack)),
  )

  const generated = generatedLockfile()
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-extract-'))
  try {
    writeFileSync(join(dir, 'package.json'), generated.packageJson)
    writeFileSync(join(dir, 'package-lock.json'), generated.lockfile)
    const files = [
      { path: 'package.json', content: generated.packageJson },
      { path: 'package-lock.json', content: generated.lockfile },
    ]
    const ours = timeExtraction(files)
    let peer: string
    try {
      const run = await runCyclonedxNpm([
        { name: 'package.json', from: join(dir, 'package.json') },
        { name: 'package-lock.json', from: join(dir, 'package-lock.json') },
      ])
      peer = `cyclonedx-npm --package-lock-only: ${ms(run.ms)} (one run, own process)`
    } catch (error) {
      peer = `cyclonedx-npm did not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
    }
    rows.push(row('generated package-lock.json v3 (10,000 packages)', 10_000, ours, peer))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  const dtrack = corpusFiles('dependency-track-frontend', ['package.json', 'package-lock.json'])
  rows.push(
    row('dependency-track-frontend package-lock.json v2 (1,748 entries)', 1748, timeExtraction(dtrack)),
  )
  const jest = corpusFiles('jest', ['package.json', 'yarn.lock'])
  rows.push(row('jest yarn.lock berry (2,150 packages)', 2150, timeExtraction(jest)))
  for (const format of ['json', 'xml']) {
    const sbom = corpusFiles('cdx-juice-shop-11.1.2', [`SBOM/juice-shop/v11.1.2/bom.${format}`])
    rows.push(row(`juice-shop CycloneDX ${format.toUpperCase()} (841 components)`, 841, timeExtraction(sbom)))
  }
  return { title: 'Extraction (issue 3)', command: 'npm run bench', rows, notes }
}
