// Spine benchmarks (issue 2 acceptance 6): start-up time (embedded, external PostgreSQL), one
// upload-to-report time for a real 1,445-component lockfile, and server RSS (process + embedded database).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { spawnSextant } from '../packages/cli/src/testing/process'
import { withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, mb, median, ms } from './table'

const corpus = process.env.SEXTANT_CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus')
const project = join(corpus, 'projects/dependency-track-frontend')

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

/** Resident memory of the API process and of its children (the PGlite host). */
function embeddedRss(pid: number): { api: number; db: number } {
  return { api: rssOf(pid), db: childPids(pid).reduce((sum, c) => sum + rssOf(c), 0) }
}
const IDLE_WAIT_MS = 10_000

async function timedStart(env: Record<string, string>) {
  const t0 = performance.now()
  const proc = await spawnSextant(['serve'], env, 120_000)
  return { proc, ms: performance.now() - t0 }
}

async function uploadToReport(url: string, branch: string): Promise<number> {
  const form = new FormData()
  for (const f of ['package.json', 'package-lock.json'])
    form.append('file', new Blob([readFileSync(join(project, f))]), f)
  const t0 = performance.now()
  const res = await fetch(`${url}/api/v1/uploads/new/manifests?branch=${branch}`, {
    method: 'POST',
    body: form,
  })
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
  const { projectUuid } = (await res.json()) as { projectUuid: string }
  for (;;) {
    const r = await fetch(`${url}/api/v1/reports/${projectUuid}/full?branch=${branch}`)
    if (r.status === 200) {
      await r.arrayBuffer()
      return performance.now() - t0
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export async function spineBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-'))
  try {
    const cold = await timedStart({ SEXTANT_DATA_DIR: dir })
    await cold.proc.stop()
    const warm = await timedStart({ SEXTANT_DATA_DIR: dir })
    rows.push({
      what: 'start-up, embedded, first start (new data folder)',
      budget: '—',
      measured: ms(cold.ms),
      ok: null,
    })
    rows.push({ what: 'start-up, embedded, restart', budget: '—', measured: ms(warm.ms), ok: null })
    // Idle: after start, the workers polling, nothing analysed yet (issue 20 "Embedded footprint").
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS))
    const idle = embeddedRss(warm.proc.child.pid!)
    rows.push({
      what: 'idle RSS embedded (API + database host), 10 s after a restart',
      budget: '≤ 450 MB',
      measured: `${mb(idle.api + idle.db)} (${mb(idle.api)} + ${mb(idle.db)})`,
      ok: idle.api + idle.db <= 450 * 1024 * 1024,
    })
    const times: number[] = []
    for (let i = 0; i < 5; i++) times.push(await uploadToReport(warm.proc.url!, `bench-${i}`))
    rows.push({
      what: 'upload → stored report → GET, 1,445-component package-lock (dependency-track-frontend), embedded, median of 5',
      budget: '—',
      measured: ms(median(times)),
      ok: null,
    })
    const { api: rssMain, db: rssDb } = embeddedRss(warm.proc.child.pid!)
    rows.push({
      what: 'server RSS, embedded (API process + PGlite process)',
      budget: '≤ 700 MB',
      measured: `${mb(rssMain + rssDb)} (${mb(rssMain)} + ${mb(rssDb)})`,
      ok: rssMain + rssDb <= 700 * 1024 * 1024,
    })
    await warm.proc.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  try {
    await withScratchDatabase('sextant_bench', async (url) => {
      const cold = await timedStart({ DATABASE_URL: url })
      await cold.proc.stop()
      const warm = await timedStart({ DATABASE_URL: url })
      rows.push({
        what: 'start-up, external PostgreSQL, first start (migrations)',
        budget: '—',
        measured: ms(cold.ms),
        ok: null,
      })
      rows.push({
        what: 'start-up, external PostgreSQL, restart',
        budget: '—',
        measured: ms(warm.ms),
        ok: null,
      })
      const times: number[] = []
      for (let i = 0; i < 5; i++) times.push(await uploadToReport(warm.proc.url!, `bench-${i}`))
      rows.push({
        what: 'upload → stored report → GET, same lockfile, external PostgreSQL, median of 5',
        budget: '—',
        measured: ms(median(times)),
        ok: null,
      })
      const rss = rssOf(warm.proc.child.pid!)
      rows.push({
        what: 'server RSS, external PostgreSQL',
        budget: '≤ 300 MB',
        measured: mb(rss),
        ok: rss <= 300 * 1024 * 1024,
      })
      await warm.proc.stop()
    })
  } catch (error) {
    notes.push(`External PostgreSQL rows missing: ${error instanceof Error ? error.message : String(error)}`)
  }
  notes.push(
    'Start-up is measured from spawning `sextant serve` to its "Sextant is running" line (includes the tsx loader, migrations, first-start identity, pg-boss and the HTTP listener).',
    'The advisory corpus is not loaded yet in these rows; RSS with the corpus loaded will be measured once the advisory store lands (issue 9).',
  )
  return { title: 'Spine: start-up, upload to report, memory', command: 'npm run bench', rows, notes }
}
