// The asset-tracking integration (DataTrails, formerly RKVST; spec accounts-and-api §7 "Asset-tracking
// integration", §6 'rkvst' feature, §8; issue 17): the account's DataTrails application (secret sealed,
// never answered), its check, the account's branches with their assets, link, unlink, publish, a branch's
// history, and withdrawing or re-publishing an SBOM. 403 unless the account has the 'rkvst' feature; a
// project the caller may not see is 404 as if it did not exist.
import {
  DATATRAILS_URL,
  RKVST_FEATURE,
  type RkvstBranch,
  type RkvstCredentials,
  rkvstMessages,
  routes,
} from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { accountWithFeature } from '../../http/account-feature'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { sealSecretFor } from '../../integrations/stored-secret'
import { visibleProject, writableProject } from '../../services/project-lookup'
import { viewOf } from '../../services/projects.access'
import type { ProjectRecord } from '../../services/projects.repo'
import {
  accountBranches,
  findAccountSbom,
  findCredentials,
  findLink,
  lastSbomOf,
  listHistory,
  type StoredCredentials,
  saveCredentials,
} from './rkvst.repo'
import {
  appFor,
  changeSbomState,
  checkApp,
  linkBranch,
  publicSbom,
  publishBranch,
  rkvstDeps,
  unlinkBranch,
} from './rkvst.service'

function presentCredentials(c: StoredCredentials | null): RkvstCredentials {
  return {
    configured: c !== null,
    baseUrl: c?.baseUrl ?? DATATRAILS_URL,
    clientId: c?.clientId ?? null,
    clientSecretSet: c !== null,
    updatedAt: c?.updatedAt.toISOString() ?? null,
  }
}

export function rkvstRoutes(app: FastifyInstance, db: Db, config: Config, outbound: OutboundClient): void {
  const deps = rkvstDeps(db, config, outbound)
  const account = (request: FastifyRequest) =>
    accountWithFeature(db, request, RKVST_FEATURE, rkvstMessages.noFeature)

  /** A project of the account in the path that the caller may see (or change, with `write`). */
  async function projectOf(request: FastifyRequest, uuid: string, id: string, write: boolean) {
    const project = orThrow(await (write ? writableProject : visibleProject)(db, request.principal, id))
    if (project.accountUuid !== uuid)
      throw new HttpError(404, `PROJECT NOT FOUND: account ${uuid} has no project ${id}.`)
    return project
  }

  async function branchOf(project: ProjectRecord, branch: string): Promise<RkvstBranch> {
    const link = await findLink(db, project.uuid, branch)
    const last = await lastSbomOf(db, project.uuid, branch)
    return {
      projectId: project.uuid,
      projectName: project.name,
      branch,
      linked: link !== null,
      assetIdentity: link?.assetIdentity ?? null,
      linkedAt: link?.linkedAt.toISOString() ?? null,
      lastSbom: last && publicSbom(last),
    }
  }

  bindRoute(app, routes.rkvstCredentialsGet, async ({ request }) =>
    presentCredentials(await findCredentials(db, await account(request))),
  )

  bindRoute(app, routes.rkvstCredentialsSet, async ({ body, request }) => {
    const uuid = await account(request)
    const stored = await findCredentials(db, uuid)
    // A new address needs the secret again; the stored one is sealed for the address it was saved with.
    const chosen = orThrow(await appFor(deps, stored, body.baseUrl, body.clientId, body.clientSecret))
    await saveCredentials(db, uuid, {
      baseUrl: body.baseUrl,
      clientId: body.clientId,
      clientSecretEncrypted: sealSecretFor(await deps.secretKey(), chosen.clientSecret, body.baseUrl),
    })
    deps.tokens.forget(uuid)
    return presentCredentials(await findCredentials(db, uuid))
  })

  bindRoute(app, routes.rkvstCredentialsCheck, async ({ body, request }) => {
    const uuid = await account(request)
    const stored = await findCredentials(db, uuid)
    const baseUrl = body.baseUrl ?? stored?.baseUrl ?? DATATRAILS_URL
    const clientId = body.clientId ?? stored?.clientId
    if (!clientId || (!body.clientSecret && !stored)) throw new HttpError(400, rkvstMessages.notConfigured)
    const chosen = orThrow(await appFor(deps, stored, baseUrl, clientId, body.clientSecret))
    return orThrow(await checkApp(deps, chosen))
  })

  bindRoute(app, routes.rkvstProjects, async ({ request }) => {
    const uuid = await account(request)
    const rows = await accountBranches(db, viewOf(request.principal, uuid))
    return rows.map((r) => ({
      projectId: r.projectId,
      projectName: r.projectName,
      branch: r.branch,
      linked: r.link !== null,
      assetIdentity: r.link?.assetIdentity ?? null,
      linkedAt: r.link?.linkedAt.toISOString() ?? null,
      lastSbom: r.lastSbom && publicSbom(r.lastSbom),
    }))
  })

  bindRoute(app, routes.rkvstLink, async ({ params, request }) => {
    const uuid = await account(request)
    const project = await projectOf(request, uuid, params.projectId, true)
    orThrow(await linkBranch(deps, uuid, project, params.branch))
    return branchOf(project, params.branch)
  })

  bindRoute(app, routes.rkvstUnlink, async ({ params, request }) => {
    const uuid = await account(request)
    const project = await projectOf(request, uuid, params.projectId, true)
    orThrow(await unlinkBranch(deps, project, params.branch))
    return branchOf(project, params.branch)
  })

  bindRoute(app, routes.rkvstPublish, async ({ params, request }) => {
    const uuid = await account(request)
    const project = await projectOf(request, uuid, params.projectId, true)
    const sbom = orThrow(await publishBranch(deps, uuid, project, params.branch, new Date()))
    request.log.info({ project: project.uuid, sbom: sbom.id }, 'sbom published to datatrails')
    return sbom
  })

  bindRoute(app, routes.rkvstHistory, async ({ params, request }) => {
    const uuid = await account(request)
    const project = await projectOf(request, uuid, params.projectId, false)
    return listHistory(db, project.uuid, params.branch)
  })

  /** An SBOM of a project the caller may change. */
  async function sbomOf(request: FastifyRequest, uuid: string, sbomId: string) {
    const sbom = await findAccountSbom(db, uuid, sbomId)
    if (!sbom) throw new HttpError(404, rkvstMessages.noSbom(sbomId))
    try {
      await projectOf(request, uuid, sbom.projectId, true)
    } catch (error) {
      // A project the caller may not see: the SBOM is as unknown as the project.
      if (error instanceof HttpError && error.status === 404)
        throw new HttpError(404, rkvstMessages.noSbom(sbomId))
      throw error
    }
    return sbom
  }

  bindRoute(app, routes.rkvstSbomWithdraw, async ({ params, request }) => {
    const uuid = await account(request)
    return orThrow(await changeSbomState(deps, uuid, await sbomOf(request, uuid, params.sbomId), 'withdrawn'))
  })

  bindRoute(app, routes.rkvstSbomPublish, async ({ params, request }) => {
    const uuid = await account(request)
    return orThrow(await changeSbomState(deps, uuid, await sbomOf(request, uuid, params.sbomId), 'published'))
  })
}
