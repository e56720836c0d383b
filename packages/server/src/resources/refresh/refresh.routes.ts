// Projects from repository URLs and Refresh (spec report-page §7 `POST /api/v1/pull-server/projects/{id}`;
// accounts-and-api §7 `POST /api/v1/projects` body {url}): the URL passes the SSRF guard (DESIGN §7),
// refresh queues a `refresh` job (clone, extract, analyse) and answers 202 at once; the page polls.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { inTransaction, jobsIn } from '../../db/transaction'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import type { PgBoss, Workers } from '../../jobs/boss'
import { REFRESH_QUEUE } from '../../jobs/refresh.job'
import { insertAnalysis } from '../../services/analyses.repo'
import { writableProject } from '../../services/project-lookup'
import { ownerTeamOf } from '../../services/projects.access'
import { ensureBranch, findProject, insertProject, presentProject } from '../../services/projects.repo'
import { newUuid } from '../../services/secrets'
import { isSafeBranch } from './git-checkout'
import { checkRepositoryUrl } from './repository-url'

function nameOfUrl(url: string): string {
  return (
    url
      .replace(/\.git\/?$/, '')
      .split(/[/:]/)
      .filter(Boolean)
      .slice(-2)
      .join('/') || 'repository'
  )
}

export function refreshRoutes(
  app: FastifyInstance,
  db: Db,
  boss: PgBoss,
  workers: Workers | null,
  config: Config,
  outbound: OutboundClient,
): void {
  const guard = async (url: string) => {
    const r = await checkRepositoryUrl(url, {
      allowPrivate: config.allowPrivateRepositories,
      allowLocal: config.allowLocalRepositories,
      checkHost: (host) => outbound.checkHost(host),
    })
    if (!r.ok) throw new HttpError(400, r.message)
    return r.repository
  }

  bindRoute(app, routes.projectCreate, async ({ body, request }) => {
    const p = request.principal
    if (p.kind !== 'member') throw new HttpError(401, 'This needs a signed-in user.')
    const repository = await guard(body.url)
    const teamUuid = orThrow(await ownerTeamOf(db, p, undefined))
    const uuid = newUuid()
    await inTransaction(db, async (client) => {
      await insertProject(client, {
        uuid,
        accountUuid: p.account.uuid,
        name: body.name ?? nameOfUrl(repository.url),
        url: body.url,
        isPublic: false,
        teamUuid,
      })
      if (body.branch) await ensureBranch(client, uuid, body.branch)
    })
    return presentProject(db, (await findProject(db, uuid))!, false)
  })

  bindRoute(app, routes.projectRefresh, async ({ params, query, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.id))
    if (!project.url)
      throw new HttpError(400, 'This project has no repository URL: it is analysed from uploads.')
    if (!isSafeBranch(query.branch))
      throw new HttpError(400, `'${query.branch}' is not a branch name git accepts.`)
    await guard(project.url)
    const analysisUuid = newUuid()
    await inTransaction(db, async (client) => {
      await ensureBranch(client, project.uuid, query.branch)
      await insertAnalysis(client, {
        uuid: analysisUuid,
        projectUuid: project.uuid,
        branch: query.branch,
        source: 'git',
        graph: null,
        warnings: [],
        exclusionsFile: null,
        thresholds: null,
      })
      await boss.send(REFRESH_QUEUE, { analysisUuid }, { db: jobsIn(client) })
    })
    workers?.notify()
    return { projectUuid: project.uuid, branch: query.branch, analysisUuid, status: 'QUEUED' as const }
  })
}
