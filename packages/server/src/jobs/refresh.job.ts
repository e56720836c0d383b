// The `refresh` job (DESIGN §3; issue 6 "Refresh"): clones the project's repository (shallow, one
// branch) after checking its URL again (SSRF, DESIGN §7), extracts the supported files, stores graph,
// files, commit and `.meterian` file on the analysis, and queues it on `analyse` (the same job path).
import { buildsToResolve, extractProject } from '@sextant/engine'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { inTransaction, jobsIn } from '../db/transaction'
import type { OutboundClient } from '../http-client'
import { checkoutBranch } from '../resources/refresh/git-checkout'
import { checkRepositoryUrl } from '../resources/refresh/repository-url'
import { failAnalysis, refreshTarget, storeCheckout } from '../services/analyses.repo'
import { insertAnalysisFiles } from '../services/analysis-files.repo'
import { ANALYSE_QUEUE } from './analyse.job'
import type { PgBoss } from './boss'
import { defineJob, requestQueue } from './job'

export const REFRESH_QUEUE = 'refresh'

export async function runRefresh(
  db: Db,
  boss: PgBoss,
  config: Config,
  analysisUuid: string,
  outbound: OutboundClient,
): Promise<'queued' | 'skipped' | 'failed'> {
  const row = await refreshTarget(db, analysisUuid)
  if (!row) return 'skipped'
  const fail = async (message: string) => {
    await failAnalysis(db, analysisUuid, message)
    return 'failed' as const
  }
  try {
    if (!row.url) return await fail('This project has no repository URL.')
    const guard = await checkRepositoryUrl(row.url, {
      allowPrivate: config.allowPrivateRepositories,
      allowLocal: config.allowLocalRepositories,
      checkHost: (host) => outbound.checkHost(host),
    })
    if (!guard.ok) return await fail(guard.message)
    const checkout = await checkoutBranch(guard.repository.url, row.branch, {
      timeoutMs: config.gitTimeoutMs,
      allowLocal: config.allowLocalRepositories,
      allowPrivate: config.allowPrivateRepositories,
      maxFileBytes: config.bodyLimitBytes,
      outbound,
      extraCaCerts: config.outbound.extraCaCerts,
    })
    const extraction = extractProject(checkout.files)
    if (extraction.files.length === 0 && buildsToResolve(checkout.files).length === 0)
      return await fail(
        `No supported manifest, lockfile or SBOM was found on branch '${row.branch}' (commit ${checkout.commit.slice(0, 12)}).`,
      )
    const warnings = [
      ...extraction.warnings,
      // a file that could not be read is left out of the graph: the report says so (PARTIAL)
      ...extraction.errors.map((e) => ({
        file: e.file,
        ...(e.line !== undefined ? { line: e.line } : {}),
        message: e.message,
        gap: 'skipped-input' as const,
      })),
      ...checkout.skipped.map((file) => ({
        file,
        message: 'skipped: larger than the upload limit',
        gap: 'skipped-input' as const,
      })),
    ]
    await inTransaction(db, async (client) => {
      await storeCheckout(client, analysisUuid, {
        graph: extraction.graph,
        warnings,
        commit: checkout.commit,
        exclusionsFile: checkout.files.find((f) => f.path === '.meterian')?.content ?? null,
      })
      await insertAnalysisFiles(
        client,
        analysisUuid,
        checkout.files.map((f) => ({ path: f.path, content: Buffer.from(f.content, 'utf8') })),
      )
      await boss.send(ANALYSE_QUEUE, { analysisUuid }, { db: jobsIn(client) })
    })
    return 'queued'
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
}

export const refreshJob = defineJob<{ analysisUuid: string }>({
  queue: REFRESH_QUEUE,
  settings: requestQueue,
  concurrency: 'configured',
  async handle(data, { db, boss, config, logger, outbound, wake }) {
    const outcome = await runRefresh(db, boss, config, data.analysisUuid, outbound)
    logger.info({ analysis: data.analysisUuid, outcome }, 'refresh job done')
    // the analysis it queued runs at once in this process
    wake(ANALYSE_QUEUE)
  },
})
