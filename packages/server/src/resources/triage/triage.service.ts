// Bulk triage (issue 19 "Analysis states"; spec report-page §3 Exclusion, §5 "Exclude explanation must be
// non-empty"): one analysis set on many findings in one transaction. A state that silences the finding
// (resolved, false_positive, not_affected) makes a finding-level exclusion with the mapped reason, so
// the report, the `.meterian` download and the v1/v2 exclusion routes see it like any other; in_triage
// and exploitable remove it. Every change is written to the finding's audit trail.
import type { FindingAnalysisDto, FindingRef } from '@sextant/contract'
import {
  analysisChanges,
  DESCRIPTION_REQUIRED,
  type Exclusion,
  type FindingAnalysis,
  languageOfKey,
  reasonOfAnalysis,
} from '@sextant/engine'
import type { Db, DbClient } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { fail, ok, type Result } from '../../services/result'
import { newUuid } from '../../services/secrets'
import { deleteExclusion, insertExclusions } from '../exclusions/exclusions.repo'
import {
  analysisOfExclusion,
  type EventVia,
  type FindingKey,
  findAnalysisForUpdate,
  insertAnalysisEvent,
  type StoredAnalysis,
  upsertAnalysis,
} from './triage.repo'

export interface Actor {
  /** The membership uuid: the exclusion's creator. */
  uuid: string
  email: string
}

export interface TriageTarget {
  accountUuid: string
  projectUuid: string
  branch: string
}

export function presentAnalysis(a: StoredAnalysis): FindingAnalysisDto {
  return {
    library: { name: a.name, language: a.language },
    version: a.version,
    adviceId: a.adviceId,
    state: a.state,
    justification: a.justification,
    responses: a.responses,
    detail: a.detail,
    expires: a.expires,
    exclusionId: a.exclusionId,
    updatedAt: a.updatedAt.toISOString(),
  }
}

/** The finding-level exclusion an analysis stands for, or null when its state keeps the finding active. */
export function exclusionOfAnalysis(
  key: FindingKey,
  analysis: FindingAnalysis,
  expires: string | null,
  creatorUuid: string | null,
  id: string,
): Exclusion | null {
  const reason = reasonOfAnalysis(analysis)
  const language = languageOfKey(key.language)
  if (!reason || !language) return null
  return {
    id,
    source: 'security:advices',
    uuid: key.adviceId,
    library: { name: key.name, language },
    version: key.version,
    reason,
    description: analysis.detail,
    transitive: false,
    readonly: false,
    creatorUuid,
    scope: 'branch',
    analysis,
    ...(expires ? { expires } : {}),
  }
}

/** Sets one finding's analysis inside a transaction: exclusion replaced, row upserted, change recorded. */
export async function writeAnalysis(
  client: DbClient,
  target: TriageTarget,
  key: FindingKey,
  analysis: FindingAnalysis,
  expires: string | null,
  actor: Actor | null,
  via: EventVia,
): Promise<StoredAnalysis> {
  const before = await findAnalysisForUpdate(client, key)
  const changes = analysisChanges(before, { ...analysis, expires })
  if (before && changes.length === 0) return before
  if (before?.exclusionId) await deleteExclusion(client, before.exclusionId)
  const exclusion = exclusionOfAnalysis(key, analysis, expires, actor?.uuid ?? null, newUuid())
  if (exclusion) await insertExclusions(client, target, [exclusion])
  const stored = await upsertAnalysis(client, key, {
    ...analysis,
    expires,
    exclusionId: exclusion?.id ?? null,
    updatedBy: actor?.uuid ?? null,
  })
  await insertAnalysisEvent(client, key, actor, changes, via)
  return stored
}

export interface TriageRequest {
  findings: readonly FindingRef[]
  analysis: FindingAnalysis
  expires: string | null
}

export async function triageFindings(
  db: Db,
  target: TriageTarget,
  request: TriageRequest,
  actor: Actor | null,
): Promise<Result<FindingAnalysisDto[]>> {
  const { analysis } = request
  if (reasonOfAnalysis(analysis) && analysis.detail.trim() === '')
    return fail('invalid', DESCRIPTION_REQUIRED, [
      { field: 'analysis.detail', message: DESCRIPTION_REQUIRED },
    ])
  const keys: FindingKey[] = []
  for (const [i, f] of request.findings.entries()) {
    const language = languageOfKey(f.library.language)
    if (!language)
      return fail('invalid', `findings[${i}].library.language: unknown language '${f.library.language}'.`)
    keys.push({
      projectUuid: target.projectUuid,
      branch: target.branch,
      language,
      name: f.library.name,
      version: f.version,
      adviceId: f.adviceId,
    })
  }
  const stored = await inTransaction(db, async (client) => {
    const out: StoredAnalysis[] = []
    for (const key of keys)
      out.push(await writeAnalysis(client, target, key, analysis, request.expires, actor, 'triage'))
    return out
  })
  return ok(stored.map(presentAnalysis))
}

/**
 * An exclusion removed through the exclusion routes: the analysis that made it goes back to in_triage,
 * so the finding's state never claims an exclusion that is gone (recorded in its audit trail).
 */
export async function exclusionRemoved(
  client: DbClient,
  exclusionId: string,
  actor: Actor | null,
): Promise<void> {
  const before = await analysisOfExclusion(client, exclusionId)
  if (!before) return
  const after = {
    state: 'in_triage' as const,
    justification: null,
    responses: [],
    detail: before.detail,
    expires: null,
  }
  await upsertAnalysis(client, before, { ...after, exclusionId: null, updatedBy: actor?.uuid ?? null })
  await insertAnalysisEvent(client, before, actor, analysisChanges(before, after), 'exclusion-removed')
}
