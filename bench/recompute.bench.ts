// Recompute benchmark (issue 6 acceptance 6; DESIGN §8): buildReport of a 3,000-component graph with
// advisories and exclusions of every kind, as the recompute job runs it (the stored graph, no extraction);
// and the whole recompute through the API on the embedded database, from POST to the new report stored.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  buildAdvisoryIndex,
  buildReport,
  type Exclusion,
  makePurl,
  type OsvRecord,
  parseOsvRecord,
  ROOT,
} from '@sextant/engine'
import { spawnSextant } from '../packages/cli/src/testing/process'
import { type BenchRow, type BenchSection, median, ms } from './table'

function graph(n: number) {
  const components = Array.from({ length: n }, (_, i) => ({
    purl: makePurl('npm', `pkg-${i}`, '1.0.0'),
    ecosystem: 'npm' as const,
    name: `pkg-${i}`,
    version: '1.0.0',
    scope: 'prod' as const,
    direct: i < 100,
    source: 'registry' as const,
    locations: [{ file: 'package-lock.json' }],
  }))
  const edges = components.map((c, i) => ({ from: i < 100 ? ROOT : components[i % 100]!.purl, to: c.purl }))
  return { root: { name: 'bench', version: '1.0.0' }, components, edges }
}

export const rawAdvisories = Array.from({ length: 300 }, (_, i) => ({
  id: `GHSA-bench-${i}`,
  modified: '2024-01-01T00:00:00Z',
  aliases: [`CVE-2099-${i}`],
  affected: [
    {
      package: { ecosystem: 'npm', name: `pkg-${i * 10}` },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
    },
  ],
}))
const advisories: OsvRecord[] = rawAdvisories.flatMap((raw) => {
  const r = parseOsvRecord(raw)
  return r.ok ? [r.record] : []
})

const base = {
  reason: 'mitigated',
  description: 'bench',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
} as const
const exclusions: Exclusion[] = [
  ...Array.from(
    { length: 50 },
    (_, i): Exclusion => ({
      ...base,
      id: `c${i}`,
      source: 'security:cves',
      cve: `CVE-2099-${i}`,
      version: '*',
    }),
  ),
  {
    ...base,
    id: 'w',
    source: 'security:libraries',
    library: { name: 'pkg-1*', language: 'nodejs' },
    version: '*',
  },
  {
    ...base,
    id: 't',
    source: 'security:libraries',
    library: { name: 'pkg-2', language: 'nodejs' },
    version: '*',
    transitive: true,
  },
  {
    ...base,
    id: 's',
    source: 'stability:libraries',
    reason: 'ignored',
    library: { name: 'pkg-3*', language: 'nodejs' },
    version: '*',
  },
]

/** The same graph as an npm upload: package.json with 100 direct dependencies and a v3 package-lock. */
export function uploadFiles(n: number): Record<string, string> {
  const direct = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`pkg-${i}`, '1.0.0']))
  const packages: Record<string, unknown> = {
    '': { name: 'bench', version: '1.0.0', dependencies: direct },
  }
  for (let i = 0; i < n; i++) {
    const children =
      i < 100 ? Array.from({ length: Math.ceil((n - 100 - i) / 100) }, (_, k) => 100 + i + k * 100) : []
    packages[`node_modules/pkg-${i}`] = {
      version: '1.0.0',
      resolved: `https://registry.npmjs.org/pkg-${i}/-/pkg-${i}-1.0.0.tgz`,
      license: 'MIT',
      ...(children.length
        ? { dependencies: Object.fromEntries(children.map((c) => [`pkg-${c}`, '1.0.0'])) }
        : {}),
    }
  }
  const lock = { name: 'bench', version: '1.0.0', lockfileVersion: 3, requires: true, packages }
  const library = (name: string) => ({ language: 'nodejs', name })
  const entry = { reason: 'mitigated', description: 'bench' }
  const meterian = {
    exclusions: {
      security: {
        cves: Array.from({ length: 50 }, (_, i) => ({ ...entry, cve: `CVE-2099-${i}`, version: '*' })),
        libraries: [
          { ...entry, library: library('pkg-1*'), version: '*' },
          { ...entry, library: library('pkg-2'), version: '*', transitive: true },
        ],
      },
      stability: { libraries: [{ description: 'bench', library: library('pkg-3*'), version: '*' }] },
    },
  }
  return {
    'package.json': JSON.stringify({ name: 'bench', version: '1.0.0', dependencies: direct }),
    'package-lock.json': JSON.stringify(lock),
    '.meterian': JSON.stringify(meterian),
  }
}

interface StoredReport {
  summary: { components: number }
  security: { assessments: { reports: { advices: { exclusions?: unknown[] }[] }[] }[] }
}

const BENCH_TOKEN = '7d1e4c2a-8b3f-4e5d-9a6c-1f2e3d4c5b6a'

/**
 * POST /api/v1/reports/{pid}/full?branch= on a stored 3,000-component report until the new report is
 * stored (seen in the history), on a `sextant serve` child process with the embedded database.
 */
async function apiRecompute(): Promise<{ times: number[]; components: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sx-rc-bench-'))
  const osv = join(dir, 'osv.jsonl')
  writeFileSync(osv, rawAdvisories.map((a) => JSON.stringify(a)).join('\n'))
  const proc = await spawnSextant(
    ['serve'],
    {
      SEXTANT_DATA_DIR: join(dir, 'db'),
      SEXTANT_BOOTSTRAP_TOKEN: BENCH_TOKEN,
      SEXTANT_ADVISORY_SOURCES: osv,
    },
    120_000,
  )
  try {
    const url = proc.url!
    const headers = { authorization: `Token ${BENCH_TOKEN}` }
    const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
      const res = await fetch(`${url}${path}`, { headers })
      return { status: res.status, body: (await res.json()) as T }
    }
    // The advisory sync runs at start-up: wait for the npm records before the first analysis.
    for (
      let i = 0;
      !JSON.stringify((await get('/api/v1/stats/advisories-dbs')).body).includes('"npm"');
      i++
    ) {
      if (i > 600) throw new Error('the advisory sync did not finish')
      await new Promise((r) => setTimeout(r, 100))
    }
    const form = new FormData()
    for (const [name, text] of Object.entries(uploadFiles(3000))) form.append('file', new Blob([text]), name)
    const up = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers,
      body: form,
    })
    if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
    const { projectUuid } = (await up.json()) as { projectUuid: string }
    const latest = async () =>
      (await get<{ uuid: string }[]>(`/api/v1/reports/${projectUuid}/history?branch=main&limit=1`)).body[0]
        ?.uuid
    const until = async (changed: (uuid: string | undefined) => boolean) => {
      for (let i = 0; ; i++) {
        const uuid = await latest()
        if (changed(uuid)) return uuid
        if (i > 60_000) throw new Error('no report was stored')
        await new Promise((r) => setTimeout(r, 2))
      }
    }
    await until((u) => u !== undefined)
    const first = await get<StoredReport>(`/api/v1/reports/${projectUuid}/full?branch=main`)
    // A figure is only worth having if the report really carries the advisories and the exclusions.
    const advices = first.body.security.assessments.flatMap((a) => a.reports.flatMap((r) => r.advices))
    const excluded = advices.filter((a) => a.exclusions?.length).length
    if (advices.length < 300 || excluded < 50)
      throw new Error(`the benchmark report has ${advices.length} advices, ${excluded} excluded`)
    const times: number[] = []
    for (let i = 0; i < 7; i++) {
      const before = await latest()
      const t0 = performance.now()
      const res = await fetch(`${url}/api/v1/reports/${projectUuid}/full?branch=main`, {
        method: 'POST',
        headers,
      })
      if (res.status !== 202) throw new Error(`recompute answered ${res.status}: ${await res.text()}`)
      await until((u) => u !== before)
      times.push(performance.now() - t0)
    }
    return { times: times.slice(2), components: first.body.summary.components }
  } finally {
    await proc.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function recomputeBench(): Promise<BenchSection> {
  const g = graph(3000)
  const advisoryIndex = buildAdvisoryIndex(advisories)
  const times: number[] = []
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now()
    buildReport({
      uuid: `r${i}`,
      projectUuid: 'p',
      branch: 'main',
      now: new Date(),
      graph: g,
      warnings: [],
      thresholds: { security: 90, stability: 80, licensing: 95 },
      advisoryIndex,
      metadata: new Map(),
      exclusions,
      previousExclusionsFingerprint: '',
    })
    times.push(performance.now() - t0)
  }
  const measured = median(times.slice(2))
  const api = await apiRecompute()
  const apiMeasured = median(api.times)
  const apiRow: BenchRow = {
    what: `recompute through the API, embedded database: POST /api/v1/reports/{pid}/full until the new report is stored, ${api.components.toLocaleString('en')}-component report, median of 5 after 2 warm-ups`,
    budget: '≤ 500 ms',
    measured: ms(apiMeasured),
    ok: apiMeasured <= 500,
  }
  return {
    title: 'Recompute (issue 6)',
    command: 'npm run bench',
    rows: [
      {
        what: 'recompute of a 3,000-component report: buildReport with 300 advisories and 53 exclusions (all kinds), median of 5 after 2 warm-ups',
        budget: '≤ 500 ms',
        measured: ms(measured),
        ok: measured <= 500,
      },
      apiRow,
    ],
    notes: [
      "The API row runs `sextant serve` (embedded database, offline: no registry metadata) with the same 300 advisories (synced from a local OSV file) and the same 53 exclusions (from the upload's .meterian file), uploads the graph as a v3 package-lock, then times POST /api/v1/reports/{pid}/full?branch=main until the history shows the new report: queue, claim, stored graph, exclusions, advisory and metadata reads, buildReport and the report insert.",
    ],
  }
}
