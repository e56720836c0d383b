// Live re-check benchmark (issue 16 acceptance 6; DESIGN §3, §8): N branches of 1,000 npm components each
// already have a report; a sync changes 50 advisories naming packages every branch uses; time from the
// import until every branch has its live re-check report and delta stored (advisories.reassess finds the
// branches through the advisory index, the recompute jobs rebuild them from the stored graphs). The
// branches are seeded fast: one real upload, then its rows cloned N-1 times in SQL (every table that
// hangs off a project, with new uuids), so each clone is a branch the server stored itself.
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import type { Db } from '../packages/server/src/db/connection'
import { importRecords, osvRecord, uploadProject } from '../packages/server/src/testing/advisory-imports'
import { type StorageMode, storageModes } from '../packages/server/src/testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN } from '../packages/server/src/testing/instance'
import { uploadFiles } from './recompute.bench'
import { type BenchRow, type BenchSection, ms } from './table'

const COMPONENTS = 1_000
const CHANGED = 50
const BUDGET_MS = 30_000
// recomputes at once in the one server process (SEXTANT_RECOMPUTE_CONCURRENCY; unset: the server's default)
const CONCURRENCY = process.env.LIVE_RECHECK_CONCURRENCY
// `LIVE_RECHECK_SIZES=20,50 npm run bench -- liveRecheck` for a quick try of the harness
const SIZES = (process.env.LIVE_RECHECK_SIZES ?? '250,500,1000').split(',').map(Number)

/** Columns that point outside the cloned project (kept as they are); every other uuid is remapped. */
const SHARED = /^(account_uuid|team_uuid|creator_uuid|member_uuid|user_uuid|owner_uuid|created_by|.*_by)$/

interface Column {
  table: string
  column: string
  type: string
}

/** Tables holding rows of one project: by project_uuid, or by a report or analysis of it. */
async function projectTables(db: Db): Promise<Map<string, Column[]>> {
  const { rows } = await db.query<Column>(
    `SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN (
       SELECT table_name FROM information_schema.columns WHERE table_schema = 'public'
         AND column_name IN ('project_uuid', 'report_uuid', 'analysis_uuid'))
       AND is_generated = 'NEVER'
     ORDER BY table_name, ordinal_position`,
  )
  const tables = new Map<string, Column[]>()
  for (const r of rows) tables.set(r.table, [...(tables.get(r.table) ?? []), r])
  // projects first, then analyses and reports (foreign keys), then the rest
  tables.set(
    'projects',
    (
      await db.query<Column>(
        `SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'projects' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      )
    ).rows,
  )
  return tables
}

const firstTables = ['projects', 'analyses', 'reports']

/** Clones project `pid` (its analyses, reports, findings, branch packages…) `copies` times. */
async function cloneProject(db: Db, pid: string, copies: number): Promise<void> {
  const tables = await projectTables(db)
  const order = [...firstTables, ...[...tables.keys()].filter((t) => !firstTables.includes(t)).sort()]
  for (const table of order) {
    const cols = tables.get(table)
    if (!cols) continue
    const names = cols.map((c) => c.column)
    const exprs = cols.map((c) => {
      const q = `t."${c.column}"`
      if (c.type === 'uuid' && !SHARED.test(c.column)) return `md5(${q}::text || g::text)::uuid`
      if (table === 'projects' && c.column === 'name') return `${q} || '-' || g`
      // a JSONB document (reports stored before migration 034) gets the clone's uuids; a gzip'd one
      // (document_gz) is copied as it is: the re-check reads only its stability and licensing member (the
      // carried sections, migration 035: no uuids in them) and its delta baseline (report_baselines, cloned)
      if (table === 'reports' && c.column === 'document')
        return `jsonb_set(jsonb_set(${q}, '{project,uuid}', to_jsonb(md5(t.project_uuid::text || g::text)::uuid::text)), '{uuid}', to_jsonb(md5(t.uuid::text || g::text)::uuid::text))`
      return q
    })
    const where =
      table === 'projects'
        ? 't.uuid = $1'
        : names.includes('project_uuid')
          ? 't.project_uuid = $1'
          : names.includes('report_uuid')
            ? 't.report_uuid IN (SELECT uuid FROM reports WHERE project_uuid = $1)'
            : 't.analysis_uuid IN (SELECT uuid FROM analyses WHERE project_uuid = $1)'
    await db.query(
      `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')})
       SELECT ${exprs.join(', ')} FROM "${table}" t, generate_series(1, $2) g WHERE ${where}`,
      [pid, copies],
    )
  }
}

/**
 * CPU seconds so far of the PostgreSQL backends serving the bench's database (utime + stime from /proc;
 * the server must run on this host), by backend pid; null where /proc cannot tell (embedded database,
 * remote server). With the machine shared, CPU time per branch varies far less with the load than wall time.
 */
async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  )
  const out = new Map<number, number>()
  try {
    for (const { pid } of rows) {
      // fields after the ")" of the command name: state is field 3, utime 14, stime 15
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100)
    }
  } catch {
    return null
  }
  return out
}

/** CPU seconds the backends used between two samples (a backend started in between counts from zero). */
function backendCpuUsed(before: Map<number, number> | null, after: Map<number, number> | null) {
  if (!before || !after) return null
  let used = 0
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0)
  return used
}

async function count(db: Db, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, values)
  return Number(rows[0]?.n ?? 0)
}

/** One run: `branches` branches seeded, 50 advisories imported, seconds until all live reports exist. */
async function run(mode: StorageMode, branches: number) {
  const t = await startTestInstance(mode, CONCURRENCY ? { SEXTANT_RECOMPUTE_CONCURRENCY: CONCURRENCY } : {})
  try {
    const api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    const db = t.sextant.db
    // the store holds npm data, so the branches are assessed (clean), not "not assessed"
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-bench-seed', 'not-a-dependency', '1.0.0')])
    const files = uploadFiles(COMPONENTS)
    delete files['.meterian']
    const pid = await uploadProject(api, 'live-bench', Object.entries(files))
    const seedStart = performance.now()
    await cloneProject(db, pid, branches - 1)
    const seeded = performance.now() - seedStart
    const packages = await count(db, 'SELECT count(*) AS n FROM branch_packages')
    if (packages !== branches * COMPONENTS) throw new Error(`seeded ${packages} branch packages`)
    const before = await count(db, 'SELECT count(*) AS n FROM reports')

    const pgBefore = mode === 'external' ? await backendCpu(db) : null
    const nodeBefore = process.cpuUsage()
    const start = performance.now()
    const imported = await importRecords(
      api,
      'sync.jsonl',
      Array.from({ length: CHANGED }, (_, i) => osvRecord(`GHSA-bench-${i}`, `pkg-${i * 20}`, '2.0.0')),
    )
    if (imported.counts.inserted !== CHANGED) throw new Error(JSON.stringify(imported.counts))
    const deadline = Date.now() + 30 * 60_000
    let done = 0
    // when the advisories.reassess job committed: every touched branch marked and its recompute queued
    let queued: number | null = null
    while (done < branches) {
      if (Date.now() > deadline) throw new Error(`${done} of ${branches} live reports after 30 minutes`)
      await new Promise((r) => setTimeout(r, 250))
      if (
        queued === null &&
        (await count(db, "SELECT count(*) AS n FROM analyses WHERE source = 'reassess'")) >= branches
      )
        queued = performance.now() - start
      done = await count(db, 'SELECT count(*) AS n FROM report_deltas WHERE live')
    }
    const elapsed = performance.now() - start
    const node = process.cpuUsage(nodeBefore)
    const nodeCpu = (node.user + node.system) / 1e6
    const pgCpu = backendCpuUsed(pgBefore, mode === 'external' ? await backendCpu(db) : null)
    const reports = (await count(db, 'SELECT count(*) AS n FROM reports')) - before
    const findings = await count(
      db,
      `SELECT count(*) AS n FROM report_deltas WHERE live AND jsonb_array_length(delta->'newFindings') = $1`,
      [CHANGED],
    )
    if (reports !== branches || findings !== branches)
      throw new Error(`${reports} new reports, ${findings} with the ${CHANGED} new findings, for ${branches}`)
    const concurrency = t.sextant.config.recomputeConcurrency
    return { elapsed, seeded, queued: queued ?? elapsed, nodeCpu, pgCpu, concurrency }
  } finally {
    await t.close()
  }
}

export async function liveRecheckBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  let used = 0
  // the scaled topology first (external PostgreSQL) when the bench has one, else the embedded database
  const mode: StorageMode = storageModes().includes('external') ? 'external' : 'embedded'
  for (const branches of SIZES) {
    const loadBefore = loadavg()[0] ?? 0
    const { elapsed, seeded, queued, nodeCpu, pgCpu, concurrency } = await run(mode, branches)
    used = concurrency
    const perBranch = (s: number) => `${((s * 1000) / branches).toFixed(0)} ms`
    const cpu = `CPU per branch: server process ${perBranch(nodeCpu)}${pgCpu === null ? '' : `, PostgreSQL backends ${perBranch(pgCpu)}`}`
    const full = branches === 1_000
    rows.push({
      what: `live re-check after a sync changing ${CHANGED} advisories: ${branches.toLocaleString('en')} branches of ${COMPONENTS.toLocaleString('en')} components, all touched, ${mode} database, until every live report and delta is stored`,
      budget: full ? `≤ ${ms(BUDGET_MS)}` : '—',
      measured: `${ms(elapsed)} (${(elapsed / branches).toFixed(0)} ms per branch; all queued after ${ms(queued)}; ${cpu})`,
      ok: full ? elapsed <= BUDGET_MS : null,
    })
    notes.push(
      `${branches} branches seeded by SQL clone in ${ms(seeded)} (not timed); load average (1 min) ${loadBefore.toFixed(1)} before the run, ${(loadavg()[0] ?? 0).toFixed(1)} after it, on ${availableParallelism()} cores.`,
    )
  }
  notes.push(
    `Each branch is a copy of one real upload (a v3 package-lock of ${COMPONENTS} npm packages); the ${CHANGED} advisories name pkg-0, pkg-20, … so every branch is touched and gets ${CHANGED} new findings (checked). One server process, SEXTANT_RECOMPUTE_CONCURRENCY ${used}${CONCURRENCY ? ' (LIVE_RECHECK_CONCURRENCY)' : ' (the default)'}.`,
  )
  return {
    title: 'Live re-check after an advisory sync (issue 16)',
    command: 'npm run bench -- liveRecheck',
    rows,
    notes,
  }
}
