// Warm analysis at 1k / 3k / 10k / 30k components (issue 20 "Linear at any size": the cost should grow
// with the component count, 30k ≈ 3 × 10k). A `sextant serve` child process, embedded then external
// PostgreSQL, with the 300 bench advisories synced from file and a local npm registry serving a small
// packument for each generated package. One untimed analysis of the largest lockfile fills the metadata
// cache for every size; each size is then timed from the upload request to its report being stored
// (the history lists it), without reading the report back.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { spawnSextant } from '../packages/cli/src/testing/process'
import { startTestNpmRegistry, type TestNpmRegistry } from '../packages/server/src/testing/npm-registry'
import { rawAdvisories, uploadFiles } from './recompute.bench'
import { waitForAdvisorySync, withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, median, ms } from './table'

// WARM_ANALYSIS_SIZES=1000,3000 narrows a run (the 30k case takes minutes on a loaded machine)
const SIZES = (process.env.WARM_ANALYSIS_SIZES ?? '1000,3000,10000,30000').split(',').map(Number)
// WARM_ANALYSIS_MODES=embedded (or external) runs one storage mode only
const MODES = (process.env.WARM_ANALYSIS_MODES ?? 'embedded,external').split(',')
const RUNS = (n: number) => (n >= 30_000 ? 2 : 3)

function packument(name: string) {
  const version = (v: string) => ({ name, version: v, license: 'MIT' })
  return {
    name,
    'dist-tags': { latest: '2.0.0' },
    versions: { '1.0.0': version('1.0.0'), '2.0.0': version('2.0.0') },
    time: {
      created: '2020-01-01T00:00:00.000Z',
      modified: '2024-01-01T00:00:00.000Z',
      '1.0.0': '2020-01-01T00:00:00.000Z',
      '2.0.0': '2024-01-01T00:00:00.000Z',
    },
  }
}

async function analyse(base: string, files: Record<string, string>, branch: string): Promise<number> {
  const form = new FormData()
  for (const [name, text] of Object.entries(files)) form.append('file', new Blob([text]), name)
  const t0 = performance.now()
  const up = await fetch(`${base}/api/v1/uploads/new/manifests?branch=${branch}&name=${branch}`, {
    method: 'POST',
    body: form,
  })
  if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
  const { projectUuid } = (await up.json()) as { projectUuid: string }
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/api/v1/reports/${projectUuid}/history?branch=${branch}`)
    if (res.status === 200 && ((await res.json()) as unknown[]).length > 0) return performance.now() - t0
    if (i > 60_000) throw new Error('no report was stored')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function measure(env: Record<string, string>, dir: string, registry: TestNpmRegistry) {
  const osv = join(dir, `osv-${randomBytes(3).toString('hex')}.jsonl`)
  writeFileSync(osv, rawAdvisories.map((a) => JSON.stringify(a)).join('\n'))
  const proc = await spawnSextant(
    ['serve'],
    {
      ...env,
      // WARM_ANALYSIS_CHILD_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (and its database host)
      ...(process.env.WARM_ANALYSIS_CHILD_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.WARM_ANALYSIS_CHILD_NODE_OPTIONS }
        : {}),
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: osv,
      SEXTANT_EPSS_SOURCE: 'none',
      SEXTANT_KEV_SOURCE: 'none',
    },
    120_000,
  )
  try {
    const base = proc.url!
    await waitForAdvisorySync(base)
    const largest = Math.max(...SIZES)
    const cold = await analyse(base, uploadFiles(largest), `cold-${largest}`)
    const times = new Map<number, number>()
    for (const n of SIZES) {
      const files = uploadFiles(n)
      const runs: number[] = []
      for (let i = 0; i < RUNS(n); i++) runs.push(await analyse(base, files, `warm-${n}-${i}`))
      times.set(n, median(runs))
    }
    return { cold, times }
  } finally {
    await proc.stop()
  }
}

const title = 'Warm analysis at 1k / 3k / 10k / 30k components (issue 20)'
const command = 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- warmAnalysis'

export async function warmAnalysisBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-warm-bench-'))
  const registry = await startTestNpmRegistry({ corpus: false })
  for (let i = 0; i < Math.max(...SIZES); i++) registry.setPackument(`pkg-${i}`, packument(`pkg-${i}`))
  const addRows = (where: string, r: Awaited<ReturnType<typeof measure>>) => {
    for (const [n, t] of r.times) {
      rows.push({
        what: `warm analysis, generated package-lock v3 of ${n.toLocaleString('en')} components, metadata cached, 300 advisories: upload → stored report, ${where}, median of ${RUNS(n)}`,
        budget: '—',
        measured: ms(t),
        ok: null,
      })
    }
    const t10 = r.times.get(10_000)
    const t30 = r.times.get(30_000)
    if (t10 && t30) {
      const ratio = t30 / t10
      rows.push({
        what: `ratio 30k / 10k, ${where} (linear: 3)`,
        budget: '≤ 3.3',
        measured: ratio.toFixed(2),
        ok: ratio <= 3.3,
      })
    }
    notes.push(
      `${where}: the untimed first analysis of ${Math.max(...SIZES)} components (metadata cache empty) took ${ms(r.cold)}.`,
    )
  }
  notes.push(
    'Each lockfile (bench/recompute.bench.ts uploadFiles) has 100 direct dependencies and the rest below them, 50 CVE and 3 library exclusions; every package has a two-version packument (MIT) in the local registry. Compare the sizes within one run: the machine is shared.',
  )
  try {
    if (MODES.includes('embedded'))
      addRows('embedded', await measure({ SEXTANT_DATA_DIR: join(dir, 'db') }, dir, registry))
    if (!MODES.includes('external')) return { title, command, rows, notes }
    try {
      await withScratchDatabase('sextant_warmbench', async (url) => {
        addRows('external PostgreSQL', await measure({ DATABASE_URL: url }, dir, registry))
      })
    } catch (error) {
      notes.push(
        `External PostgreSQL rows missing: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  } finally {
    await registry.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return { title, command, rows, notes }
}
