// The asset-tracking integration's work (DataTrails, formerly RKVST; accounts-and-api §7, issue 17; our
// reading is written in contract/rkvst.ts): the application to use (a stored secret goes only to the
// address it was saved for), a token cached until expiry, linking a branch to its asset, publishing the
// latest report (SBOM blob + event) and withdrawing or re-publishing an SBOM. Every action on a branch is
// written to its history with the result, failures included.
import { createHash, randomUUID } from 'node:crypto'
import { type RkvstSbom, rkvstMessages } from '@sextant/contract'
import { exportFormats } from '@sextant/engine'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import type { OutboundClient } from '../../http-client'
import { type IntegrationDeps, integrationDeps, secretToSend } from '../../integrations/integration-deps'
import type { ProjectRecord } from '../../services/projects.repo'
import { latestReportUuid, reportDocumentById } from '../../services/reports.repo'
import { fail, ok, type Result } from '../../services/result'
import {
  addHistory,
  deleteLink,
  findCredentials,
  findLink,
  insertSbom,
  type StoredCredentials,
  type StoredSbom,
  saveLink,
  setSbomState,
} from './rkvst.repo'
import {
  type Authorized,
  createBranchAsset,
  type DataTrailsApp,
  datatrailsToken,
  findBranchAsset,
  recordEvent,
  uploadBlob,
} from './rkvst-client'
import { TokenCache } from './token-cache'

export interface RkvstDeps extends IntegrationDeps {
  tokens: TokenCache
}

export function rkvstDeps(db: Db, config: Config, outbound: OutboundClient): RkvstDeps {
  return { ...integrationDeps(db, config, outbound), tokens: new TokenCache() }
}

/** The application to use at `baseUrl`: the secret given, else the stored one for its own address only. */
export async function appFor(
  deps: RkvstDeps,
  stored: StoredCredentials | null,
  baseUrl: string,
  clientId: string,
  given: string | undefined,
): Promise<Result<DataTrailsApp>> {
  const sealed = stored && { sealed: stored.clientSecretEncrypted, url: stored.baseUrl }
  const secret = await secretToSend(
    deps,
    sealed,
    baseUrl,
    given,
    'clientSecret',
    rkvstMessages.clientSecretRequired,
  )
  return secret.ok ? ok({ baseUrl, clientId, clientSecret: secret.value }) : secret
}

/** A token for the account's stored application, from the cache while it lives. */
async function authorize(deps: RkvstDeps, account: string): Promise<Result<Authorized>> {
  const stored = await findCredentials(deps.db, account)
  if (!stored) return fail('invalid', rkvstMessages.notConfigured)
  const app = await appFor(deps, stored, stored.baseUrl, stored.clientId, undefined)
  if (!app.ok) return app
  const key = { account, ...app.value }
  const cached = deps.tokens.get(key)
  if (cached) return ok({ baseUrl: app.value.baseUrl, token: cached })
  const fresh = await datatrailsToken(deps.http, app.value)
  if (!fresh.ok) return fresh
  deps.tokens.set(key, fresh.value.token, fresh.value.expiresIn)
  return ok({ baseUrl: app.value.baseUrl, token: fresh.value.token })
}

/** Asks DataTrails for a token with these credentials (never cached: a check asks every time). */
export async function checkApp(
  deps: RkvstDeps,
  app: DataTrailsApp,
): Promise<Result<{ valid: true; message: string }>> {
  const token = await datatrailsToken(deps.http, app)
  if (!token.ok) return token
  return ok({
    valid: true as const,
    message: `DataTrails at ${app.baseUrl} gives application ${app.clientId} a token.`,
  })
}

/** Links the branch to the asset made for it before, or a new one. */
export async function linkBranch(
  deps: RkvstDeps,
  account: string,
  project: ProjectRecord,
  branch: string,
): Promise<Result<string>> {
  if (!(await latestReportUuid(deps.db, project.uuid, branch)))
    return fail('not-found', `BRANCH NOT FOUND: project ${project.uuid} has no report on branch ${branch}.`)
  const result = await findOrCreateAsset(deps, account, project, branch)
  await addHistory(deps.db, project.uuid, branch, {
    action: 'link',
    ok: result.ok,
    assetIdentity: result.ok ? result.value.identity : null,
    eventIdentity: null,
    sbomId: null,
    message: result.ok
      ? `Linked to ${result.value.found ? 'the existing' : 'a new'} asset ${result.value.identity}.`
      : result.problem.message,
  })
  if (!result.ok) return result
  await saveLink(deps.db, project.uuid, branch, result.value.identity)
  return ok(result.value.identity)
}

async function findOrCreateAsset(deps: RkvstDeps, account: string, project: ProjectRecord, branch: string) {
  const auth = await authorize(deps, account)
  if (!auth.ok) return auth
  const found = await findBranchAsset(deps.http, auth.value, project.uuid, branch)
  if (!found.ok) return found
  if (found.value) return ok({ identity: found.value, found: true })
  const created = await createBranchAsset(deps.http, auth.value, {
    project: project.uuid,
    projectName: project.name,
    branch,
  })
  return created.ok ? ok({ identity: created.value, found: false }) : created
}

export async function unlinkBranch(
  deps: RkvstDeps,
  project: ProjectRecord,
  branch: string,
): Promise<Result<true>> {
  const link = await findLink(deps.db, project.uuid, branch)
  if (!link) return fail('invalid', rkvstMessages.notLinked(branch))
  await deleteLink(deps.db, project.uuid, branch)
  await addHistory(deps.db, project.uuid, branch, {
    action: 'unlink',
    ok: true,
    assetIdentity: link.assetIdentity,
    eventIdentity: null,
    sbomId: null,
    message: `Unlinked from asset ${link.assetIdentity} (the asset and its events stay in DataTrails).`,
  })
  return ok(true)
}

const scoreText = (score: number | null) => (score === null ? 'not assessed' : String(score))

/**
 * Publishes the branch's latest report: its CycloneDX JSON SBOM as a blob (DataTrails' digest must be the
 * one we computed), then an event on the asset with the scores, the outcome and the SBOM attached.
 */
export async function publishBranch(
  deps: RkvstDeps,
  account: string,
  project: ProjectRecord,
  branch: string,
  now: Date,
): Promise<Result<RkvstSbom>> {
  const link = await findLink(deps.db, project.uuid, branch)
  if (!link) return fail('invalid', rkvstMessages.notLinked(branch))
  const reportUuid = await latestReportUuid(deps.db, project.uuid, branch)
  const doc = reportUuid && (await reportDocumentById(deps.db, project.uuid, reportUuid))
  if (!reportUuid || !doc) return fail('invalid', rkvstMessages.noReport(branch))
  const id = randomUUID()
  const recorded = async (result: Result<RkvstSbom>, eventIdentity: string | null) => {
    await addHistory(deps.db, project.uuid, branch, {
      action: 'publish',
      ok: result.ok,
      assetIdentity: link.assetIdentity,
      eventIdentity,
      sbomId: result.ok ? id : null,
      message: result.ok
        ? `Published report ${reportUuid} with SBOM sha256:${result.value.sha256}.`
        : result.problem.message,
    })
    return result
  }
  const auth = await authorize(deps, account)
  if (!auth.ok) return recorded(auth, null)
  const text = await exportFormats['sbom-cdx.json'].render(doc, {
    projectName: project.name,
    generatedAt: now,
  })
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const fileName = `${project.name.replace(/[^\w.-]+/g, '_')}.sbom-cdx.json`
  const blob = await uploadBlob(deps.http, auth.value, {
    name: fileName,
    type: 'application/vnd.cyclonedx+json',
    bytes,
  })
  if (!blob.ok) return recorded(blob, null)
  if (blob.value.sha256 !== sha256)
    return recorded(
      fail(
        'upstream',
        `DataTrails stored the SBOM with digest ${blob.value.sha256}, not the ${sha256} sent.`,
      ),
      null,
    )
  const event = await recordEvent(deps.http, auth.value, link.assetIdentity, {
    arc_display_type: 'Sextant report',
    arc_description: `Report ${reportUuid} of ${project.name} (${branch}): ${doc.outcome}`,
    sextant_report: reportUuid,
    sextant_outcome: doc.outcome,
    sextant_security_score: scoreText(doc.security.score),
    sextant_stability_score: scoreText(doc.stability.score),
    sextant_licensing_score: scoreText(doc.licensing.score),
    sextant_sbom: id,
    sextant_sbom_state: 'published',
    sextant_sbom_sha256: sha256,
    sbom: {
      arc_attribute_type: 'arc_attachment',
      arc_blob_identity: blob.value.identity,
      arc_blob_hash_alg: 'SHA256',
      arc_blob_hash_value: sha256,
      arc_file_name: fileName,
      arc_display_name: 'CycloneDX SBOM',
    },
  })
  if (!event.ok) return recorded(event, null)
  const sbom = await insertSbom(deps.db, {
    id,
    projectId: project.uuid,
    branch,
    reportId: reportUuid,
    assetIdentity: link.assetIdentity,
    blobIdentity: blob.value.identity,
    sha256,
    size: bytes.byteLength,
  })
  return recorded(ok(publicSbom(sbom)), event.value)
}

export const publicSbom = ({ assetIdentity: _asset, ...sbom }: StoredSbom): RkvstSbom => sbom

/** Records a withdrawal (or a new publication of a withdrawn SBOM) as an event on its asset. */
export async function changeSbomState(
  deps: RkvstDeps,
  account: string,
  sbom: StoredSbom,
  state: RkvstSbom['state'],
): Promise<Result<RkvstSbom>> {
  const action = state === 'withdrawn' ? 'sbom-withdraw' : 'sbom-publish'
  if (sbom.state === state) return fail('conflict', `SBOM ${sbom.id} is already ${state}.`)
  const history = (okay: boolean, eventIdentity: string | null, message: string) =>
    addHistory(deps.db, sbom.projectId, sbom.branch, {
      action,
      ok: okay,
      assetIdentity: sbom.assetIdentity,
      eventIdentity,
      sbomId: sbom.id,
      message,
    })
  const auth = await authorize(deps, account)
  const event = auth.ok
    ? await recordEvent(deps.http, auth.value, sbom.assetIdentity, {
        arc_display_type: state === 'withdrawn' ? 'Sextant SBOM withdrawal' : 'Sextant SBOM publication',
        arc_description: `SBOM ${sbom.id} of report ${sbom.reportId} ${state}`,
        sextant_report: sbom.reportId,
        sextant_sbom: sbom.id,
        sextant_sbom_state: state,
        sextant_sbom_sha256: sbom.sha256,
        sextant_sbom_blob: sbom.blobIdentity,
      })
    : auth
  if (!event.ok) {
    await history(false, null, event.problem.message)
    return event
  }
  const changed = await setSbomState(deps.db, sbom.id, state)
  await history(true, event.value, `SBOM ${sbom.id} ${state} (sha256:${sbom.sha256}).`)
  return ok(publicSbom(changed))
}
