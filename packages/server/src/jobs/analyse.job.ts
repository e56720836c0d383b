// The `analyse` job (DESIGN §3): turns one queued analysis into a stored report. Idempotent: the
// analysis row is claimed atomically (QUEUED → RUNNING) with a lease the worker renews while it runs and
// a fresh claim token, and the report is stored (with DONE or FAILED) only under that token, so a job
// delivered twice or to two workers never stores twice. A claim whose lease ran out (its process died)
// is taken over by the job's retry about 90 s later (issue 13 item 4; jobs/lease.ts). The `.meterian` file of
// the analysis is read every time (its exclusions become the branch's readonly ones), and the exclusions
// in force are applied (spec report-page §3 Exclusion). The `recompute` queue runs the same function.
import { createHash, randomUUID } from 'node:crypto'
import {
  type BuildReportInput,
  buildFailedReport,
  buildReport,
  type CarriedSections,
  carryInputs,
  cvesOf,
  deltaBaseline,
  hash53,
  METERIAN_FILE,
  parseMeterianFile,
  type ReportDocument,
  readSectionHeads,
  reportDelta,
  resolveScoreThresholds,
  type Warning,
  writeJsonPieces,
} from '@sextant/engine'
import { writeBranchPackages } from '../advisories/reassess.repo'
import type { Db, DbClient } from '../db/connection'
import { inTransaction } from '../db/transaction'
import { EVALUATE_QUEUE, queueEvaluation } from '../notifications/evaluate.job'
import { insertReportDelta, previousDeltaSource } from '../notifications/report-delta.repo'
import { configurationOf, readConfiguration } from '../resources/accounts/configuration'
import { replaceFileExclusions } from '../resources/exclusions/exclusions.repo'
import { licensingOf } from '../resources/licences/licences.service'
import type { AnalysisSources, PackageRef } from '../services/analysis.sources'
import { resolveStoredBuild } from '../services/build-resolution'
import { insertReport, newDownloadKey, type SectionsCarry } from '../services/reports.repo'
import { type Claimed, claimAnalysis, finishClaimed, storeResolvedGraph } from './analysis-claim.repo'
import { type LatestReport, readAnalysisInputs } from './analysis-inputs.repo'
import type { PgBoss } from './boss'
import { defineJob, leasedRequestQueue } from './job'
import { HEARTBEAT_SECONDS, LEASE_SECONDS } from './lease'
import { renewAnalysisLease } from './lease.repo'
import { heartbeat } from './run-jobs'

export const ANALYSE_QUEUE = 'analyse'
/** Recompute (DESIGN §3): a new analysis on a stored graph, run by the same function as `analyse`. */
export const RECOMPUTE_QUEUE = 'recompute'

export interface AnalyseJobData {
  analysisUuid: string
}

/** 'held': another worker's lease on it has not run out yet (the job is retried later). */
export type AnalyseOutcome = 'stored' | 'skipped' | 'failed' | 'held'

/** The claim's token no longer holds the analysis: another worker took it over after its lease ran out. */
class LostClaim extends Error {}

/** The final write's first step: goes on only while `claim` still holds the analysis. */
async function holdsClaim(client: Pick<Db, 'query'>, analysisUuid: string, claim: string) {
  if (!(await finishClaimed(client, analysisUuid, claim, 'DONE', null)))
    throw new LostClaim(`analysis ${analysisUuid} was taken over by another worker`)
}

/**
 * Reads the analysis's `.meterian` file into the branch's readonly exclusions; answers its warnings, and
 * whether the file has none, in which case the branch's readonly exclusions are left for readAnalysisInputs
 * to clear (in the statement that reads the exclusions in force: two round trips fewer per live re-check).
 */
async function syncFileExclusions(
  db: Db,
  claimed: Claimed,
): Promise<{ warnings: Warning[]; clearReadonly: boolean }> {
  const parsed =
    claimed.exclusions_file === null
      ? { exclusions: [], warnings: [] }
      : parseMeterianFile(claimed.exclusions_file)
  // file entry ids are stable per file content; the suffix keeps them unique across projects and branches
  const suffix = hash53(`${claimed.project_uuid}/${claimed.branch}`).toString(36)
  const target = {
    accountUuid: claimed.account_uuid,
    projectUuid: claimed.project_uuid,
    branch: claimed.branch,
  }
  const entries = parsed.exclusions.map((e) => ({ ...e, id: `${e.id}.${suffix}` }))
  if (entries.length > 0) await inTransaction(db, (client) => replaceFileExclusions(client, target, entries))
  return {
    warnings: parsed.warnings.map((w) => ({ file: METERIAN_FILE, message: `${w.path}: ${w.message}` })),
    clearReadonly: entries.length === 0,
  }
}

export async function runAnalysis(
  db: Db,
  analysisUuid: string,
  sources: AnalysisSources = {},
  now: () => Date = () => new Date(),
): Promise<AnalyseOutcome> {
  const claim = randomUUID()
  const claiming = await claimAnalysis(db, analysisUuid, claim, LEASE_SECONDS)
  if (!claiming.claimed) return claiming.status === 'RUNNING' ? 'held' : 'skipped'
  const { claimed } = claiming
  const stopHeartbeat = heartbeat(
    () => renewAnalysisLease(db, analysisUuid, claim, LEASE_SECONDS),
    () => {},
    HEARTBEAT_SECONDS,
  )
  try {
    return await analyseClaimed(db, analysisUuid, claim, claimed, sources, now)
  } finally {
    stopHeartbeat()
  }
}

async function analyseClaimed(
  db: Db,
  analysisUuid: string,
  claim: string,
  claimed: Claimed,
  sources: AnalysisSources,
  now: () => Date,
): Promise<AnalyseOutcome> {
  try {
    let graph = claimed.graph
    // A Maven build or a lone package.json is resolved once, here; the resolved graph is stored so
    // recompute reuses it.
    const maven = sources.mavenRepository?.()
    const npm = sources.npmResolution?.()
    const resolved = await resolveStoredBuild(
      db,
      analysisUuid,
      {
        ...(maven ? { 'maven-repository': maven } : {}),
        ...(npm ? { npm } : {}),
      },
      claimed.file_paths,
    )
    if (resolved) {
      graph = resolved.graph
      claimed.warnings = resolved.warnings
      await storeResolvedGraph(db, analysisUuid, graph, resolved.warnings)
    }
    const seen = new Set<string>()
    const packages: PackageRef[] = []
    for (const c of graph.components) {
      const key = `${c.ecosystem}/${c.name}`
      if (seen.has(key)) continue
      seen.add(key)
      packages.push({ ecosystem: c.ecosystem, name: c.name, version: c.version })
    }
    const file = await syncFileExclusions(db, claimed)
    const [advisories, snapshot, metadata, inputs] = await Promise.all([
      sources.advisoriesFor?.(packages) ?? null,
      sources.advisorySnapshot?.() ?? null,
      sources.metadataFor?.(packages) ?? null,
      // the exclusions in force, the branch's latest report, and the account's settings, in one statement
      readAnalysisInputs(db, {
        accountUuid: claimed.account_uuid,
        projectUuid: claimed.project_uuid,
        branch: claimed.branch,
        clearReadonly: file.clearReadonly,
      }),
    ])
    const { exclusions, latest: previous } = inputs
    // the account's licence policies that bind this project (by name pattern or by one of its tags),
    // and its licence fixes (issue 5; tags: issue 7)
    const licensing = licensingOf(inputs, { name: claimed.project_name, tags: inputs.tags })
    // score thresholds, the security scoring algorithm, auto-mitigation thresholds (product-notes
    // "Scores") and analysis scopes (spec accounts-and-api §2); no project-level thresholds can be set
    // yet, so the account's are the ones in force, unless a CI build set its own for this analysis.
    // Recompute runs this same job, so it applies them too.
    const configuration = configurationOf(inputs.configuration)
    // a live re-check may carry the previous report's stability and licensing sections (carryFrom)
    const lendable = claimed.source === 'reassess' ? (previous?.lendable ?? null) : null
    // EPSS and KEV of every CVE the advisories name (spec report-page §3 Advice epss, kevEntry).
    const enrichment =
      advisories && advisories.length > 0 && sources.enrichmentFor
        ? await sources.enrichmentFor(cvesOf(advisories))
        : null
    // The download key is part of the immutable document the page reads (spec report-page §3, §5).
    const downloadKey = newDownloadKey()
    const input: BuildReportInput = {
      uuid: randomUUID(),
      projectUuid: claimed.project_uuid,
      branch: claimed.branch,
      now: now(),
      graph,
      warnings: [...claimed.warnings, ...file.warnings],
      thresholds: resolveScoreThresholds(configuration.thresholds, claimed.thresholds),
      scoreAlgorithm: configuration.scoringAlgorithm,
      autoMitigation: configuration.autoMitigation,
      analysisScopes: configuration.analysisScopes,
      exclusions,
      previousExclusionsFingerprint: previous?.fingerprint ?? null,
      commit: claimed.commit,
      advisories,
      advisorySnapshot: snapshot,
      gatePolicy: { partialFails: configuration.partialAssessmentFailsGate },
      metadata: metadata?.packages ?? null,
      metadataProblems: metadata?.problems ?? [],
      policies: licensing.policies,
      customLicences: licensing.customLicences,
      licenceOverrideFor: licensing.overrideFor,
      copyrightFor: licensing.copyrightFor,
      ...(enrichment
        ? {
            epss: (cve: string) => enrichment.epss.get(cve) ?? null,
            kev: (cve: string) => enrichment.kev.get(cve) ?? null,
          }
        : {}),
    }
    // the stored graph's digest stands for it, unless the graph was resolved here (then it is serialised)
    const carry = carryFrom(input, resolved ? undefined : claimed.graph_digest, lendable)
    const built = buildReport(carry.carried ? { ...input, carried: carry.carried } : input)
    const doc = { ...built, downloadKey }
    // The job that runs this analysis is retried until pg-boss records it complete, a synchronous commit
    // after this one: so this commit need not wait for the disk (a crash before then re-runs the analysis).
    await inTransaction(
      db,
      async (client) => {
        // first: nothing is stored unless this claim still holds the analysis
        await holdsClaim(client, analysisUuid, claim)
        if (await insertReport(client, doc, analysisUuid, carry.stored))
          await storeDelta(client, claimed, doc)
        // the branch's packages beside its newest report: the advisory index finds it when records change
        // (a carry's graph is the previous report's, whose packages are there already)
        if (!carry.carried)
          await writeBranchPackages(client, claimed.project_uuid, claimed.branch, graph.components)
      },
      { flushedByLaterCommit: true },
    )
    return 'stored'
  } catch (error) {
    if (error instanceof LostClaim) return 'skipped'
    const message = `The analysis failed: ${error instanceof Error ? error.message : String(error)}`
    if (!(await finishClaimed(db, analysisUuid, claim, 'FAILED', message))) return 'skipped'
    await storeFailedReport(db, analysisUuid, claimed, message, now())
    return 'failed'
  }
}

/**
 * Whether this build carries the previous report's stability and licensing sections (issue 16 acceptance 6;
 * engine report/carry.ts): only when that report was built from exactly the same inputs of those sections
 * (equal digests of carryInputs) and its stored section heads read back whole; anything else builds them.
 * Answers what insertReport stores either way (this build's digest, for the next live re-check).
 */
function carryFrom(
  input: BuildReportInput,
  graphDigest: string | undefined,
  lendable: LatestReport['lendable'],
): { carried: CarriedSections | null; stored: SectionsCarry } {
  // hashed piece by piece: the inputs' whole JSON (all the registry metadata) is never one string; pieces
  // down to one package's metadata entry, handed to the hash ~64 KB at a time (a few update calls)
  const hash = createHash('sha256')
  let batch = ''
  writeJsonPieces(
    carryInputs(input, graphDigest),
    (piece) => {
      batch += piece
      if (batch.length >= 65_536) {
        hash.update(batch)
        batch = ''
      }
    },
    2,
  )
  const key = hash.update(batch).digest('base64url')
  const heads = lendable?.key === key ? readSectionHeads(lendable.heads) : null
  if (!lendable || !heads) return { carried: null, stored: { key, copy: null } }
  return {
    carried: { from: lendable.builtFor, ...heads },
    stored: { key, copy: { reportUuid: lendable.reportUuid, builtFor: lendable.builtFor } },
  }
}

/** What the report has new since the previous one (issue 16): the live re-check's delta, read by the rules. */
async function storeDelta(client: DbClient, claimed: Claimed, doc: ReportDocument) {
  const previous = await previousDeltaSource(client, claimed.project_uuid, claimed.branch, doc.uuid)
  await insertReportDelta(client, {
    reportUuid: doc.uuid,
    projectUuid: claimed.project_uuid,
    branch: claimed.branch,
    previousReportUuid: previous?.uuid ?? null,
    live: claimed.source === 'reassess',
    delta: reportDelta(previous?.source ?? null, doc),
    baseline: deltaBaseline(doc),
  })
}

/**
 * The branch's latest report becomes an ERROR report saying why (spec report-page §4 'WE COULDN'T BUILD A
 * REPORT'; issue 14), so nothing shows the previous report as current. Best effort: when the database
 * itself failed, the analysis row's FAILED state and error are what remains.
 */
async function storeFailedReport(db: Db, analysisUuid: string, claimed: Claimed, message: string, at: Date) {
  try {
    const configuration = await readConfiguration(db, claimed.account_uuid)
    const doc = buildFailedReport({
      uuid: randomUUID(),
      projectUuid: claimed.project_uuid,
      branch: claimed.branch,
      now: at,
      thresholds: resolveScoreThresholds(configuration.thresholds, claimed.thresholds),
      message,
    })
    await inTransaction(db, async (client) => {
      if (await insertReport(client, doc, analysisUuid)) await storeDelta(client, claimed, doc)
    })
  } catch {
    // the analysis row already says FAILED with the reason
  }
}

/** A stored report (or a failed analysis) may raise alerts (issue 16): evaluate the rules at once. */
async function evaluateNow(boss: PgBoss, wake: (queue: string) => void, outcome: AnalyseOutcome) {
  if (outcome === 'skipped') return
  if (await queueEvaluation(boss)) wake(EVALUATE_QUEUE)
}

export const analyseJob = defineJob<AnalyseJobData>({
  queue: ANALYSE_QUEUE,
  settings: leasedRequestQueue,
  concurrency: 'configured',
  async handle(data, { db, boss, sources, logger, wake }) {
    const outcome = await runAnalysis(db, data.analysisUuid, sources, sources.now)
    logger.info({ analysis: data.analysisUuid, outcome }, 'analysis job done')
    // still held by a worker whose lease runs: pg-boss retries the job, which then takes it over if the
    // holder died, or skips it once it is done
    if (outcome === 'held') throw new Error(`analysis ${data.analysisUuid} is held by another worker`)
    await evaluateNow(boss, wake, outcome)
  },
})

export const recomputeJob = defineJob<AnalyseJobData>({
  queue: RECOMPUTE_QUEUE,
  settings: leasedRequestQueue,
  // a recompute waits mostly on PostgreSQL: more run at once than analyses (issue 16 acceptance 6)
  concurrency: 'recompute',
  async handle(data, { db, boss, sources, logger, wake }) {
    const outcome = await runAnalysis(db, data.analysisUuid, sources, sources.now)
    logger.info({ analysis: data.analysisUuid, outcome }, 'recompute job done')
    // still held by a worker whose lease runs: pg-boss retries the job, which then takes it over if the
    // holder died, or skips it once it is done
    if (outcome === 'held') throw new Error(`analysis ${data.analysisUuid} is held by another worker`)
    await evaluateNow(boss, wake, outcome)
  },
})
