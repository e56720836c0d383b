// Cold analyses beside their floor (issue 20 "Cold path near the floor"): the first analysis of a
// corpus lockfile by a `sextant serve` with an empty metadata cache, embedded and external, timed from
// upload to readable report, with the peak RSS of the server's process tree; beside it, in the same
// run, the floor (fetching + JSON.parse of the same packuments, nothing else) and `npm outdated --all`.
// The recorded corpus packuments lack most of these packages, so this asks the npm registry reachable
// here (SEXTANT_BENCH_REGISTRY moves it).
// The server runs as users run it: `npm start` runs the compiled build, so the bench builds a stale or
// missing server first (scripts/build.mjs server --if-stale, as production-start.bench.ts does) and the
// spawned command runs it; COLD_PATH_FROM_SOURCE=1 measures the TypeScript sources through tsx instead.
// The rows say which one ran (tsx adds 60-70 MB to the server's RSS: issue 20 peak RSS).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { extractProject, isRegistryComponent, npmPackagePath } from '@sextant/engine'
import { spawnSextant } from '../packages/cli/src/testing/process'
import { materialiseProject, npmOutdated } from '../packages/server/src/metadata/npm-outdated'
import { corpusDir } from '../packages/server/src/testing/npm-registry'
import { analyse, projectFiles } from './analysis.bench'
import { waitForAdvisorySync, withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, mb, ms } from './table'

const registry = process.env.SEXTANT_BENCH_REGISTRY ?? 'https://registry.npmjs.org/'
/** The outbound client's per-host limit: the floor fetches as many at once as the server may. */
const floorConcurrency = 8

type Files = { path: string; content: Buffer }[]

/** The npm package names an analysis asks the registry about (registry components only). */
function packageNames(files: Files): string[] {
  const { graph } = extractProject(files.map((f) => ({ path: f.path, content: f.content.toString('utf8') })))
  return [
    ...new Set(
      graph.components.filter((c) => c.ecosystem === 'npm' && isRegistryComponent(c)).map((c) => c.name),
    ),
  ]
}

/** The floor: every packument fetched (gzip asked for, as our client does) and parsed, nothing kept. */
async function floor(names: string[]): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now()
  let bytes = 0
  let next = 0
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++] as string
      const res = await fetch(`${registry}${npmPackagePath(name)}`, {
        headers: { accept: 'application/json' },
      })
      const text = await res.text()
      bytes += text.length
      if (res.status === 200) JSON.parse(text)
    }
  }
  await Promise.all(Array.from({ length: floorConcurrency }, worker))
  return { ms: performance.now() - t0, bytes }
}

export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

export function treeOf(pid: number): number[] {
  let children: number[] = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {}
  return [pid, ...children.flatMap(treeOf)]
}

/** Samples the RSS of a process and its descendants (the embedded database host) every 100 ms. */
function peakRss(pid: number): { stop(): { total: number; server: number; rest: number } } {
  const peak = { total: 0, server: 0, rest: 0 }
  const sample = () => {
    const server = rssOf(pid)
    const rest = treeOf(pid)
      .slice(1)
      .reduce((sum, p) => sum + rssOf(p), 0)
    peak.total = Math.max(peak.total, server + rest)
    peak.server = Math.max(peak.server, server)
    peak.rest = Math.max(peak.rest, rest)
  }
  sample()
  const timer = setInterval(sample, 100)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return peak
    },
  }
}

/** One first analysis by a new server on an empty database; `database`: external URL or embedded. */
export async function coldAnalysis(files: Files, database: string | null, server: ServerCode) {
  const dir = mkdtempSync(join(tmpdir(), 'sx-cold-bench-'))
  const proc = await spawnSextant(
    ['serve'],
    {
      ...(database ? { DATABASE_URL: database } : { SEXTANT_DATA_DIR: join(dir, 'db') }),
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry,
      SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv/npm.jsonl.gz'),
      SEXTANT_EPSS_SOURCE: 'none',
      SEXTANT_KEV_SOURCE: 'none',
    },
    120_000,
    { bin: server.bin, nodeArgs: server.nodeArgs },
  )
  try {
    const base = proc.url as string
    await waitForAdvisorySync(base)
    const rss = peakRss(proc.child.pid as number)
    const run = await analyse(base, files, 'cold', 50)
    return { ms: run.ms, components: run.report.summary.components, peakRss: rss.stop() }
  } finally {
    await proc.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Progress on stderr: the table only prints once the section ends. */
const say = (what: string, value: unknown) =>
  process.stderr.write(`coldPath: ${what} ${JSON.stringify(value)}\n`)

const times = (n: number, of: number) => `${(n / of).toFixed(2)}×`

const repoRoot = resolve(import.meta.dirname, '..')

/** Which code the spawned server runs, and how to start it. */
interface ServerCode {
  what: string
  bin: string
  nodeArgs: string[]
}

/** Builds the server if stale (scripts/build.mjs server --if-stale) unless the sources are asked for. */
function serverCode(): ServerCode {
  if (process.env.COLD_PATH_FROM_SOURCE === '1')
    return {
      what: 'the TypeScript sources through tsx',
      bin: join(repoRoot, 'packages/cli/src/main.ts'),
      nodeArgs: ['--import', 'tsx'],
    }
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-stale'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (built.status !== 0) throw new Error(`scripts/build.mjs server --if-stale: exit ${built.status}`)
  return {
    what: 'the compiled build (packages/*/dist), as `npm start` runs it',
    bin: join(repoRoot, 'packages/cli/dist/main.js'),
    nodeArgs: [],
  }
}

export async function coldPathBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const server = serverCode()
  say('server runs', server.what)
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')

  // tanstack-query: ~3k components; floor before and after the two analyses (the network varies).
  const tanstack = projectFiles(join(corpusDir, 'projects/tanstack-query'))
  const tanstackNames = packageNames(tanstack)
  const floor1 = await floor(tanstackNames)
  say('floor', floor1)
  const embedded = await coldAnalysis(tanstack, null, server)
  say('embedded', embedded)
  const external = await withScratchDatabase('sextant_cold', (url) => coldAnalysis(tanstack, url, server))
  say('external', external)
  const floor2 = await floor(tanstackNames)
  say('floor', floor2)
  const tanstackFloor = (floor1.ms + floor2.ms) / 2
  const what = `tanstack-query pnpm-lock.yaml (${embedded.components} components, ${tanstackNames.length} packages)`
  rows.push(
    {
      what: `floor: fetch + JSON.parse of the same ${tanstackNames.length} packuments, ${floorConcurrency} at a time (${mb(floor1.bytes)} decoded), mean of the runs before and after`,
      budget: '—',
      measured: `${ms(tanstackFloor)} (${ms(floor1.ms)}, ${ms(floor2.ms)})`,
      ok: null,
    },
    {
      what: `${what}, first analysis, empty metadata cache: upload → report readable, embedded`,
      budget: '≤ 2× floor',
      measured: `${ms(embedded.ms)} (${times(embedded.ms, tanstackFloor)})`,
      ok: embedded.ms <= 2 * tanstackFloor,
    },
    {
      what: 'the same, external PostgreSQL',
      budget: '≤ 2× floor',
      measured: `${ms(external.ms)} (${times(external.ms, tanstackFloor)})`,
      ok: external.ms <= 2 * tanstackFloor,
    },
    {
      what: 'embedded against external, same analysis',
      budget: '≤ 1.3×',
      measured: times(embedded.ms, external.ms),
      ok: embedded.ms <= 1.3 * external.ms,
    },
    {
      what: `peak RSS during the first analysis, embedded (server process + database host, sampled every 100 ms; server: ${server.what})`,
      budget: '≤ 600 MB',
      measured: `${mb(embedded.peakRss.total)} (peaks: server ${mb(embedded.peakRss.server)}, database host ${mb(embedded.peakRss.rest)})`,
      ok: embedded.peakRss.total <= 600 * 1024 * 1024,
    },
    {
      what: 'peak RSS during the first analysis, external PostgreSQL (server process)',
      budget: '—',
      measured: mb(external.peakRss.server),
      ok: null,
    },
  )

  // dependency-track-frontend: a package-lock v2, so npm's own client can answer for the same tree.
  // COLD_PATH_TANSTACK_ONLY=1 leaves it out (its `npm outdated --all` takes minutes under load).
  if (process.env.COLD_PATH_TANSTACK_ONLY === '1') return section(rows, load)
  const dtDir = join(corpusDir, 'projects/dependency-track-frontend')
  const dt = projectFiles(dtDir)
  const dtNames = packageNames(dt)
  const dtFloor = await floor(dtNames)
  say('dependency-track-frontend floor', dtFloor)
  const dtCold = await coldAnalysis(dt, null, server)
  say('dependency-track-frontend embedded', dtCold)
  const temp = materialiseProject(
    readFileSync(join(dtDir, 'package.json'), 'utf8'),
    readFileSync(join(dtDir, 'package-lock.json'), 'utf8'),
  )
  let outdated: number
  try {
    const t0 = performance.now()
    await npmOutdated(temp.dir, registry, ['--all'])
    outdated = performance.now() - t0
  } finally {
    temp.dispose()
  }
  rows.push({
    what: `dependency-track-frontend package-lock.json (${dtCold.components} components, ${dtNames.length} packages), first analysis, empty metadata cache, embedded (peak RSS ${mb(dtCold.peakRss.total)})`,
    budget: '≤ 2× floor',
    measured: `${ms(dtCold.ms)} (${times(dtCold.ms, dtFloor.ms)}; floor ${ms(dtFloor.ms)})`,
    ok: dtCold.ms <= 2 * dtFloor.ms,
    peer: `npm outdated --all (fresh npm cache): ${ms(outdated)}`,
  })

  return section(rows, load)
}

function section(rows: BenchRow[], load: string): BenchSection {
  return {
    title: 'Cold path: first analysis beside the network floor (issue 20)',
    command: 'npm run bench -- coldPath',
    rows,
    notes: [
      `Registry: ${registry} (the recorded corpus packuments lack most of these packages). Load average at the start: ${load}; at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}.`,
      'Each analysis is a new `sextant serve` (new data folder or new database) that first syncs the corpus npm advisories, then receives the upload; the time runs from the upload request to the stored report being readable (polled every 50 ms), so it includes extraction, matching and storing the report beside the metadata.',
    ],
  }
}
