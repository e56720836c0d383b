// Account-wide views at scale (issue 20 acceptance 1 "200 projects × 10 reports: project list, dashboard,
// insights, history"; DESIGN §8): one account with 200 projects × 2 branches, each report a real
// 700-component report (one upload of the recompute bench's lockfile, 70 components with advisories),
// stored again through reports.repo.ts insertReport (facts and all) for every branch; the 8 reports in
// between are cloned in SQL with their facts (cloneRound), the 10th stored again by insertReport. Each view is timed
// as the first answer after a CI upload: a new report is stored on some branch (not timed), then the route
// is asked (timed), the median of several such rounds. Measured at 1 report per branch, then again after
// 9 more per branch (10), to show the cost does not follow the history. Embedded and external PostgreSQL.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ReportDocument } from '../packages/engine/src/report/document'
import { ensureBranch, insertProject } from '../packages/server/src/services/projects.repo'
import { insertReport, reportDocumentById } from '../packages/server/src/services/reports.repo'
import { signUp } from '../packages/server/src/testing/accounts'
import { type StorageMode, storageModes } from '../packages/server/src/testing/databases'
import { startTestInstance, type TestInstance, waitForReport } from '../packages/server/src/testing/instance'
import { rawAdvisories, uploadFiles } from './recompute.bench'
import { waitForAdvisorySync } from './server-helpers'
import { type BenchRow, type BenchSection, median, ms } from './table'

const PROJECTS = Number(process.env.ACCOUNT_VIEWS_PROJECTS ?? 200)
const BRANCHES = ['main', 'develop']
const HISTORY = 10
const COMPONENTS = 700
const ROUNDS = 7
const BUDGET_MS = 100

interface Seeded {
  t: TestInstance
  auth: string
  accountUuid: string
  base: ReportDocument
  projects: string[]
  at: number
}

async function seed(mode: StorageMode, dir: string): Promise<Seeded> {
  const osv = join(dir, `osv-${mode}.jsonl`)
  writeFileSync(osv, rawAdvisories.map((a) => JSON.stringify(a)).join('\n'))
  const t = await startTestInstance(mode, { SEXTANT_ADVISORY_SOURCES: osv, SEXTANT_REGISTRATION: 'open' })
  try {
    await waitForAdvisorySync(t.url)
    const session = await signUp(t, { email: `views-${mode}@bench.test`, password: 'bench-password-1' })
    const auth = `Bearer ${session.accessToken}`
    const form = new FormData()
    for (const [name, text] of Object.entries(uploadFiles(COMPONENTS)))
      form.append('file', new Blob([text]), name)
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=views-0`, {
      method: 'POST',
      headers: { authorization: auth },
      body: form,
    })
    if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
    const first = ((await up.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, first, 'main', { authorization: auth }, 120_000)
    const history = (await (
      await fetch(`${t.url}/api/v1/reports/${first}/history?branch=main`, {
        headers: { authorization: auth },
      })
    ).json()) as { uuid: string }[]
    const base = await reportDocumentById(t.sextant.db, first, history[0]!.uuid)
    if (!base) throw new Error('the uploaded report was not stored')
    const projects = [first]
    const client = await t.sextant.db.connect()
    try {
      for (let i = 1; i < PROJECTS; i++) {
        const uuid = randomUUID()
        await insertProject(client, {
          uuid,
          accountUuid: session.user.account.uuid,
          name: `views-${i}`,
          url: null,
          isPublic: false,
          teamUuid: null,
        })
        projects.push(uuid)
      }
      for (const p of projects) for (const b of BRANCHES) await ensureBranch(client, p, b)
    } finally {
      client.release()
    }
    return { t, auth, accountUuid: session.user.account.uuid, base, projects, at: Date.now() - 86_400_000 }
  } catch (error) {
    await t.close()
    throw error
  }
}

/** Stores one more report on a branch, as an analysis does (its analysis row, then insertReport). */
async function store(s: Seeded, projectUuid: string, branch: string) {
  s.at += 1000
  const doc = {
    ...s.base,
    uuid: randomUUID(),
    createdAt: new Date(s.at).toISOString(),
    downloadKey: undefined,
    project: { ...s.base.project, uuid: projectUuid, branch },
  }
  const analysis = randomUUID()
  const client = await s.t.sextant.db.connect()
  try {
    await client.query('BEGIN')
    await client.query(
      `INSERT INTO analyses (uuid, project_uuid, branch, source, status, created_at, finished_at)
       VALUES ($1, $2, $3, 'upload', 'DONE', $4, $4)`,
      [analysis, projectUuid, branch, doc.createdAt],
    )
    await insertReport(client, doc, analysis)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
}

/** One more report on every branch through insertReport; answers the mean time per report stored. */
async function storeRound(s: Seeded): Promise<number> {
  const t0 = performance.now()
  let n = 0
  for (const p of s.projects)
    for (const b of BRANCHES) {
      await store(s, p, b)
      n++
    }
  return (performance.now() - t0) / n
}

/**
 * One more report on every branch, cloned in SQL from the branch's newest (report, analysis, facts and
 * head, as insertReport leaves them): the history grows without re-sending 400 documents per round.
 */
async function cloneRound(s: Seeded): Promise<void> {
  s.at += 3_600_000
  await s.t.sextant.db.query(
    `WITH src AS (
       SELECT r.*, gen_random_uuid() AS new_uuid, gen_random_uuid() AS new_analysis
       FROM branch_heads h JOIN reports r ON r.uuid = h.report_uuid JOIN projects p ON p.uuid = h.project_uuid
       WHERE p.account_uuid = $1
     ), a AS (
       INSERT INTO analyses (uuid, project_uuid, branch, source, status, created_at, finished_at)
       SELECT new_analysis, project_uuid, branch, 'upload', 'DONE', $2, $2 FROM src
     ), r AS (
       INSERT INTO reports (uuid, project_uuid, branch, analysis_uuid, status, outcome, security_score, stability_score,
                            licensing_score, thresholds, components, created_at, document, document_gz, download_key,
                            security_assessment, stability_assessment, licensing_assessment, exclusions_fingerprint,
                            gate, security_gaps)
       SELECT new_uuid, project_uuid, branch, new_analysis, status, outcome, security_score, stability_score,
              licensing_score, thresholds, components, $2, document, document_gz, md5(new_uuid::text),
              security_assessment, stability_assessment, licensing_assessment, exclusions_fingerprint, gate,
              security_gaps
       FROM src
     ), f AS (
       INSERT INTO report_facts SELECT src.new_uuid, rf.stability_patch, rf.stability_minor, rf.stability_major,
              rf.licensing_forbidden, rf.licensing_undeclared, rf.languages, rf.names, rf.versions
       FROM src JOIN report_facts rf ON rf.report_uuid = src.uuid
     ), g AS (
       INSERT INTO report_findings SELECT src.new_uuid, x.position, x.ordinal, x.language, x.name, x.version,
              x.advisory_id, x.cve, x.severity, x.cvss, x.epss, x.exploited, x.excluded
       FROM src JOIN report_findings x ON x.report_uuid = src.uuid
     )
     UPDATE branch_heads h SET report_uuid = src.new_uuid, created_at = $2, changes = h.changes + 1
     FROM src WHERE h.project_uuid = src.project_uuid AND h.branch = src.branch`,
    [s.accountUuid, new Date(s.at).toISOString()],
  )
}

interface Timed {
  median: number
  bytes: number
}

/** The route's answer time right after a new report was stored somewhere in the account (median of ROUNDS). */
async function timeRoute(s: Seeded, path: string): Promise<Timed> {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < ROUNDS + 1; i++) {
    await store(s, s.projects[(i * 37) % s.projects.length]!, BRANCHES[i % 2]!)
    const t0 = performance.now()
    const res = await fetch(`${s.t.url}${path}`, { headers: { authorization: s.auth } })
    const text = await res.text()
    const elapsed = performance.now() - t0
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`)
    bytes = text.length
    if (i > 0) times.push(elapsed) // the first round warms the process up
  }
  return { median: median(times), bytes }
}

function views(s: Seeded): [string, string][] {
  const p = s.projects[0]!
  return [
    ['project list (GET /api/v1/accounts/{id}/projects)', `/api/v1/accounts/${s.accountUuid}/projects`],
    ['dashboard (GET /api/v3/reports)', '/api/v3/reports'],
    ['insights (GET /api/v2/accounts/me/insights/dependencies)', '/api/v2/accounts/me/insights/dependencies'],
    ['insights, all=true', '/api/v2/accounts/me/insights/dependencies?all=true'],
    ['security metrics (GET /api/v1/metrics/security/me)', '/api/v1/metrics/security/me'],
    ['project summary (GET /api/v1/reports/{id}/summary)', `/api/v1/reports/${p}/summary`],
    ['history (GET /api/v1/reports/{id}/history?branch=main)', `/api/v1/reports/${p}/history?branch=main`],
  ]
}

async function measureMode(mode: StorageMode, dir: string, rows: BenchRow[], notes: string[]) {
  const s = await seed(mode, dir)
  try {
    const perReport1 = await storeRound(s)
    // every route once first, so the first measured view does not pay for the process warming up
    for (const [, path] of views(s)) await fetch(`${s.t.url}${path}`, { headers: { authorization: s.auth } })
    const at1 = new Map<string, Timed>()
    for (const [what, path] of views(s)) at1.set(what, await timeRoute(s, path))
    for (let h = 1; h < HISTORY - 1; h++) await cloneRound(s)
    const perReport = await storeRound(s)
    for (const [what, path] of views(s)) {
      const one = at1.get(what)!
      const ten = await timeRoute(s, path)
      rows.push({
        what: `${what}, ${PROJECTS} projects × ${BRANCHES.length} branches × ${HISTORY} reports, ${mode} (${Math.round(ten.bytes / 1024)} KB)`,
        budget: `≤ ${BUDGET_MS} ms, flat in history`,
        measured: `${ms(ten.median)} (1 report per branch: ${ms(one.median)})`,
        ok: ten.median <= BUDGET_MS,
      })
    }
    notes.push(
      `${mode}: storing a ${COMPONENTS}-component report with its facts (insertReport, analysis row, one transaction): ${ms(perReport1)} per report at 1 per branch, ${ms(perReport)} at ${HISTORY}.`,
    )
  } finally {
    await s.t.close()
  }
}

export async function accountViewsBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-views-bench-'))
  const load = loadavg()
  try {
    for (const mode of storageModes()) {
      try {
        await measureMode(mode, dir, rows, notes)
      } catch (error) {
        notes.push(`${mode} rows missing: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  notes.push(
    'Each figure is the median of 7 answers, each asked right after a new report was stored in the account (so no cached answer is reused), over HTTP on loopback.',
    `Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')}; at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (2 cores shared with other engineers' work).`,
  )
  return {
    title: 'Account-wide views at 200 projects (issue 20)',
    command: 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- accountViews',
    rows,
    notes,
  }
}
