// Operator endpoints (issue 18 acceptance 6): /metrics scraped and read with a Prometheus text-format
// parser (HTTP durations by route, job durations and queue depth by queue, analyses by status, the advisory
// store's size and age, the database pool), who may scrape it, /livez and /readyz answering JSON (503 when
// the database is gone), and addresses that are not pages of the app answering 404 instead of its HTML.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importAdvisories } from '../advisories'
import { jobs } from '../jobs/registry'
import { storageModes } from '../testing/databases'
import { adminAuth, startTestInstance, type TestInstance, waitForReport } from '../testing/instance'

interface Sample {
  labels?: Record<string, string>
  value?: string
}
interface Family {
  name: string
  help: string
  type: string
  metrics: Sample[]
}
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (
  text: string,
) => Family[]

const sbom = readFileSync(new URL('../resources/fixtures/small.cdx.json', import.meta.url))
const token = 'scrape-token-0123456789abcdef'

function family(families: Family[], name: string): Family {
  const found = families.find((f) => f.name === name)
  if (!found) throw new Error(`no metric family ${name} in ${families.map((f) => f.name).join(', ')}`)
  return found
}

function sample(f: Family, labels: Record<string, string>): Sample | undefined {
  return f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
}

/**
 * The families with their declared types, plus every histogram's `_bucket`, `_sum` and `_count` series as
 * families of their own: the parser keeps a histogram's labels only when it has none, so the text is read
 * a second time without the histograms' TYPE lines, which makes each series an untyped family with labels.
 */
async function scrape(url: string, headers: Record<string, string>): Promise<Family[]> {
  const res = await fetch(`${url}/metrics`, { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  const text = await res.text()
  const families = parsePrometheus(text)
  // prom-client writes each label set's buckets, sum and count together: one series name recurs.
  const series = new Map<string, Family>()
  for (const s of parsePrometheus(text.replace(/^# TYPE \S+ histogram\n/gm, ''))) {
    if (families.some((f) => f.name === s.name)) continue
    const seen = series.get(s.name)
    if (seen) seen.metrics.push(...s.metrics)
    else series.set(s.name, s)
  }
  return [...families, ...series.values()]
}

describe.each(storageModes())('operator endpoints on %s storage', (mode) => {
  let t: TestInstance
  let web: string
  let projectUuid: string
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'sx-web-'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Sextant</title>')
    t = await startTestInstance(mode, {
      SEXTANT_METRICS_TOKEN: token,
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: web,
    })
    const advisories = join(web, 'advisories.jsonl')
    writeFileSync(
      advisories,
      `${JSON.stringify({
        id: 'GHSA-test-0001',
        modified: '2026-01-01T00:00:00Z',
        summary: 'a test advisory',
        affected: [
          {
            package: { ecosystem: 'npm', name: 'left-pad' },
            ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.3.0' }] }],
          },
        ],
      })}\n`,
    )
    await importAdvisories(t.sextant.db, advisories, { source: 'test-import' })
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: form,
    })
    expect(res.status).toBe(202)
    projectUuid = ((await res.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, projectUuid, 'main')
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(web, { recursive: true, force: true })
  })

  it('/metrics parses as Prometheus text and holds every family', async () => {
    // The report is readable a moment before the analysis job's handler returns and is counted.
    let families = await scrape(t.url, { authorization: `Bearer ${token}` })
    for (
      let i = 0;
      i < 100 && !sample(family(families, 'sextant_job_duration_seconds_count'), { queue: 'analyse' });
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100))
      families = await scrape(t.url, { authorization: `Bearer ${token}` })
    }

    const http = family(families, 'sextant_http_request_duration_seconds')
    expect(http.type).toBe('HISTOGRAM')
    const requests = family(families, 'sextant_http_request_duration_seconds_count')
    const upload = sample(requests, {
      method: 'POST',
      route: '/api/v1/uploads/:projectId/sbom-cdx.json',
      status_code: '202',
    })
    expect(upload?.value, JSON.stringify(requests.metrics.map((m) => m.labels))).toBe('1')
    const buckets = family(families, 'sextant_http_request_duration_seconds_bucket')
    expect(sample(buckets, { route: '/api/v1/uploads/:projectId/sbom-cdx.json', le: '+Inf' })?.value).toBe(
      '1',
    )
    // routes are labelled by pattern, never by the raw path
    expect(requests.metrics.some((m) => m.labels?.route?.includes(projectUuid))).toBe(false)

    expect(family(families, 'sextant_job_duration_seconds').type).toBe('HISTOGRAM')
    const jobsDone = family(families, 'sextant_job_duration_seconds_count')
    expect(sample(jobsDone, { queue: 'analyse', outcome: 'completed' })?.value).toBe('1')

    const depth = family(families, 'sextant_job_queue_depth')
    expect(depth.type).toBe('GAUGE')
    expect(depth.metrics.map((m) => m.labels?.queue).sort()).toEqual(jobs.map((j) => j.queue).sort())

    const analyses = family(families, 'sextant_analyses')
    expect(sample(analyses, { status: 'DONE' })?.value).toBe('1')
    expect(sample(analyses, { status: 'FAILED' })?.value).toBe('0')

    expect(sample(family(families, 'sextant_advisories'), { ecosystem: 'npm' })?.value).toBe('1')
    const age = Number(family(families, 'sextant_advisory_store_age_seconds').metrics[0]?.value)
    expect(age).toBeGreaterThanOrEqual(0)
    expect(age).toBeLessThan(600)

    const pool = family(families, 'sextant_db_pool_connections')
    expect(Number(sample(pool, { state: 'total' })?.value)).toBeGreaterThan(0)
    expect(Number(family(families, 'sextant_db_pool_max_connections').metrics[0]?.value)).toBeGreaterThan(0)
    expect(family(families, 'sextant_process_resident_memory_bytes').type).toBe('GAUGE')
  })

  it('/metrics answers only to the scrape token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, await adminAuth(t.url)]) {
      const res = await fetch(`${t.url}/metrics`, { headers })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { message: string }).message).toContain('SEXTANT_METRICS_TOKEN')
    }
  })

  it('/livez and /readyz answer JSON', async () => {
    const live = await fetch(`${t.url}/livez`)
    expect(live.status).toBe(200)
    expect(live.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await live.json()).toEqual({ status: 'alive' })
    const ready = await fetch(`${t.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, jobs: { ok: true } },
    })
  })

  it("the app's pages load the app; other addresses answer 404", async () => {
    for (const page of ['/', '/projects/', '/dashboard', '/components/live/npm/left-pad/1.0.0']) {
      const res = await fetch(`${t.url}${page}`)
      expect(res.status, page).toBe(200)
      expect(await res.text()).toContain('<title>Sextant</title>')
    }
    for (const path of ['/healthz', '/health', '/metrics/x', '/ready', '/api/v1/nothing', '/projects/nope']) {
      const res = await fetch(`${t.url}${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/)
    }
    // a browser opening a wrong address gets the app's not-found page, still with 404
    const browser = await fetch(`${t.url}/no-such-page`, { headers: { accept: 'text/html' } })
    expect(browser.status).toBe(404)
    expect(await browser.text()).toContain('<title>Sextant</title>')
  })

  it('/readyz answers 503 naming the database when it is gone', async () => {
    await t.sextant.db.end()
    const res = await fetch(`${t.url}/readyz`)
    expect(res.status).toBe(503)
    const body = (await res.json()) as {
      status: string
      checks: { database: { ok: boolean; message: string } }
    }
    expect(body.status).toBe('not ready')
    expect(body.checks.database.ok).toBe(false)
    expect(body.checks.database.message).not.toBe('')
    // the process itself still lives
    expect((await fetch(`${t.url}/livez`)).status).toBe(200)
  })
})

describe('/metrics without a scrape token', () => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance('embedded', {}, { workers: false })
  }, 120_000)
  afterAll(() => t?.close())

  it('answers system administrators only', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401)
    const res = await fetch(`${t.url}/metrics`, { headers: await adminAuth(t.url) })
    expect(res.status).toBe(200)
    expect(parsePrometheus(await res.text()).map((f) => f.name)).toContain('sextant_analyses')
  })
})
