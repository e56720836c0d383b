// Serving a full report under load (DESIGN §8: "GET full report of 3,000 components, 50 concurrent
// clients on loopback: p99 ≤ 100 ms"). A `sextant serve` child process (embedded, then PostgreSQL)
// stores the 3,000-component report of the recompute bench; 50, then 200 (issue 20), keep-alive clients
// GET it as a browser does (Accept-Encoding: gzip), the body read and dropped so the client costs little.
// Issue 20 "Reports that stay small": the same for the report page's outline and a section page (br).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { spawnSextant } from '../packages/cli/src/testing/process'
import { rawAdvisories, uploadFiles } from './recompute.bench'
import { waitForAdvisorySync, withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, ms } from './table'

/** Concurrent clients, requests and the p99 budget (DESIGN §8 at 50; issue 20 at 200). */
const LOADS = [
  { clients: 50, requests: 2_000, budget: 100 },
  { clients: 200, requests: 4_000, budget: 300 },
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function getOnce(
  agent: Agent,
  url: URL,
  encoding: string,
): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes, status: res.statusCode ?? 0 }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Untimed requests before each measured round. */
const WARM_UP = 500

interface Measured {
  p50: number
  p99: number
  bytes: number
}

/** `requests` GETs from `clients` keep-alive clients at once; answers each one's time and the body size. */
async function round(agent: Agent, url: URL, encoding: string, clients: number, requests: number) {
  const times: number[] = []
  let bytes = 0
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        next++
        const r = await getOnce(agent, url, encoding)
        if (r.status !== 200) throw new Error(`GET answered ${r.status}`)
        bytes = r.bytes
        times.push(r.ms)
      }
    }),
  )
  return { times, bytes }
}

async function load(target: Target, clients: number, requests: number): Promise<Measured> {
  const { url, encoding } = target
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  for (let i = 0; i < 20; i++) await getOnce(agent, url, encoding) // the first answer fills the cache
  // warm-up at the same concurrency, untimed: the server's steady state (JIT, sockets open), not its first second
  await round(agent, url, encoding, clients, WARM_UP)
  const { times, bytes } = await round(agent, url, encoding, clients, requests)
  agent.destroy()
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes }
}

interface Target {
  what: string
  url: URL
  encoding: string
}

async function measure(env: Record<string, string>, dir: string): Promise<[Target, Measured[]][]> {
  const osv = join(dir, `osv-${randomBytes(3).toString('hex')}.jsonl`)
  writeFileSync(osv, rawAdvisories.map((a) => JSON.stringify(a)).join('\n'))
  const proc = await spawnSextant(['serve'], { ...env, SEXTANT_ADVISORY_SOURCES: osv }, 120_000)
  try {
    const base = proc.url!
    await waitForAdvisorySync(base)
    const form = new FormData()
    for (const [name, text] of Object.entries(uploadFiles(3000))) form.append('file', new Blob([text]), name)
    const up = await fetch(`${base}/api/v1/uploads/new/manifests?branch=main`, { method: 'POST', body: form })
    if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
    const { projectUuid } = (await up.json()) as { projectUuid: string }
    const url = new URL(`${base}/api/v1/reports/${projectUuid}/full?branch=main`)
    for (let i = 0; (await fetch(url)).status !== 200; i++) {
      if (i > 6000) throw new Error('no report was stored')
      await new Promise((r) => setTimeout(r, 10))
    }
    const outline = (await (
      await fetch(`${base}/api/v2/reports/${projectUuid}/outline?branch=main`)
    ).json()) as {
      uuid: string
    }
    const targets: Target[] = [
      { what: 'GET full report', url, encoding: 'gzip' },
      {
        what: 'GET report outline (latest of the branch)',
        url: new URL(`${base}/api/v2/reports/${projectUuid}/outline?branch=main`),
        encoding: 'gzip, br',
      },
      {
        what: 'GET report section page (security, page 0 of 500 components)',
        url: new URL(`${base}/api/v2/reports/${projectUuid}/sections/${outline.uuid}/security?page=0`),
        encoding: 'gzip, br',
      },
    ]
    const out: [Target, Measured[]][] = []
    for (const target of targets) {
      const measured: Measured[] = []
      for (const l of LOADS) measured.push(await load(target, l.clients, l.requests))
      out.push([target, measured])
    }
    return out
  } finally {
    await proc.stop()
  }
}

export async function reportGetBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-get-bench-'))
  const addRows = (where: string, targets: [Target, Measured[]][]) => {
    for (const [target, measured] of targets)
      for (const [i, r] of measured.entries()) {
        const l = LOADS[i]!
        rows.push({
          what: `${target.what}, 3,000 components, ${l.clients} concurrent keep-alive clients, ${l.requests} requests, ${target.encoding === 'gzip' ? 'gzip' : 'br'} (${Math.round(r.bytes / 1024)} KB on the wire), ${where}`,
          budget: `p99 ≤ ${l.budget} ms`,
          measured: `p99 ${ms(r.p99)} (p50 ${ms(r.p50)})`,
          ok: r.p99 <= l.budget,
        })
      }
  }
  try {
    addRows('embedded database', await measure({ SEXTANT_DATA_DIR: join(dir, 'db') }, dir))
    try {
      await withScratchDatabase('sextant_getbench', async (url) => {
        addRows('external PostgreSQL', await measure({ DATABASE_URL: url }, dir))
      })
    } catch (error) {
      notes.push(`External PostgreSQL row missing: ${error instanceof Error ? error.message : String(error)}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  notes.push(
    'Reports are immutable, so each API process keeps each report gzipped in memory (SEXTANT_REPORT_CACHE_MB, charged its gzip bytes); a request reads only the project and the latest report id, and concurrent requests for the same project and branch share those reads (each answered by a read that started after it arrived). The load generator runs on the same 2 cores, 50 clients then 200 against the same server, each round after 500 untimed requests at its concurrency.',
  )
  return {
    title: 'Serving a full report under load',
    command: 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- reportGet',
    rows,
    notes,
  }
}
