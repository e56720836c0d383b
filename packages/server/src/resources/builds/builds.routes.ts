// The CI build flow (product-notes "How scans reach the server"; routes ours, documented in the contract):
// POST /api/v1/builds → upload files → start (the upload path: extract, store, queue `analyse`) → poll
// GET /api/v1/builds/{id}: status and, when done, scores, outcome and the CLI exit code. A build may
// carry its own score minima (issue 15 `--min-*`), which its report is built with; a second build of a
// branch while one is queued or running answers 409 (the CLI's "build already running", -5).
import { type BuildDto, routes } from '@sextant/contract'
import {
  CLI_EXIT_CODES,
  exitCodeOfReport,
  resolveScoreThresholds,
  type ScoreThresholds,
} from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { mb, readUploadedFiles, tooManyBytes, tooManyFiles, type UploadLimits } from '../../http/upload-files'
import type { PgBoss, Workers } from '../../jobs/boss'
import { writableProject } from '../../services/project-lookup'
import { canCreateProject, ownerTeamOf, ownView } from '../../services/projects.access'
import { insertProject, projectWithUrl } from '../../services/projects.repo'
import { newUuid } from '../../services/secrets'
import { projectName, startUploadAnalysis } from '../../services/uploads.service'
import { readConfiguration } from '../accounts/configuration'
import {
  type BuildRow,
  buildFiles,
  findBuild,
  insertBuild,
  markStarted,
  putBuildFiles,
  runningBuildOf,
} from './builds.repo'

/**
 * The build as the API shows it; `accountThresholds` are the account's minima (used before a report
 * exists). Once DONE, the outcome and exit code are the report's gate (issue 14): a domain not assessed,
 * or partly assessed while the account lets that fail, fails its check; an UNSUPPORTED report answers
 * unsupportedProject and an ERROR report or failed analysis analysisFailed.
 */
function present(b: BuildRow, accountThresholds: ScoreThresholds): BuildDto {
  const status = !b.started ? 'OPEN' : b.error ? 'FAILED' : (b.analysis_status ?? 'QUEUED')
  const done = status === 'DONE' && b.report_uuid !== null
  const thresholds = b.report_thresholds ?? resolveScoreThresholds(accountThresholds, b.thresholds)
  const assessment = done
    ? {
        security: b.security_assessment ?? 'none',
        stability: b.stability_assessment ?? 'none',
        licensing: b.licensing_assessment ?? 'none',
      }
    : null
  const failed = done ? (b.gate?.failed ?? []) : null
  let exitCode: number | null = null
  if (status === 'FAILED') exitCode = CLI_EXIT_CODES.analysisFailed
  else if (failed) exitCode = exitCodeOfReport(b.report_status ?? 'ERROR', failed)
  return {
    uuid: b.uuid,
    projectUuid: b.project_uuid,
    branch: b.branch,
    status,
    files: b.files,
    analysisUuid: b.analysis_uuid,
    reportUuid: b.report_uuid,
    error: b.error ?? b.analysis_error,
    reportStatus: done ? b.report_status : null,
    scores: done
      ? { security: b.security_score, stability: b.stability_score, licensing: b.licensing_score }
      : null,
    thresholds,
    assessed: assessment
      ? {
          security: assessment.security !== 'none',
          stability: assessment.stability !== 'none',
          licensing: assessment.licensing !== 'none',
        }
      : null,
    assessment,
    failedDomains: failed,
    outcome: failed ? (failed.length === 0 && exitCode === 0 ? 'PASS' : 'FAIL') : null,
    exitCode,
    createdAt: b.created_at.toISOString(),
  }
}

async function ownBuild(db: Db, principal: Principal, id: string): Promise<BuildRow> {
  const build = /^[0-9a-f-]{36}$/i.test(id) ? await findBuild(db, id) : null
  if (!build) throw new HttpError(404, `There is no build ${id}.`)
  orThrow(await writableProject(db, principal, build.project_uuid))
  return build
}

/**
 * A build named by url only: the caller's project with that url, or a new one (the url is a label
 * here: nothing is fetched, so no SSRF check is needed).
 */
async function projectForUrl(
  db: Db,
  principal: Principal,
  url: string,
  name: string | undefined,
): Promise<string> {
  // Only among the projects the caller may see (issue 13: no lookup before the access check), so a
  // project of another team is neither named nor reached through its URL.
  const found = await projectWithUrl(db, ownView(principal), url)
  if (found) return orThrow(await writableProject(db, principal, found)).uuid
  if (!canCreateProject(principal)) {
    throw new HttpError(
      403,
      `Your role (${principal.kind === 'member' ? principal.member.role : 'anonymous'}) may not create projects: ask an account Administrator or a team administrator, or name an existing project (projectUuid).`,
    )
  }
  const uuid = newUuid()
  const teamUuid = orThrow(await ownerTeamOf(db, principal, undefined))
  await inTransaction(db, (client) =>
    insertProject(client, {
      uuid,
      accountUuid: principal.account.uuid,
      name: projectName({ url, ...(name ? { name } : {}) }, null),
      url,
      isPublic: principal.kind === 'anonymous',
      teamUuid,
    }),
  )
  return uuid
}

export function buildRoutes(
  app: FastifyInstance,
  db: Db,
  boss: PgBoss,
  workers: Workers | null,
  limits: UploadLimits,
): void {
  // The build with the account's thresholds beside it (one configuration read per answer).
  const show = async (uuid: string) => {
    const b = (await findBuild(db, uuid))!
    return present(b, (await readConfiguration(db, b.account_uuid)).thresholds)
  }

  bindRoute(app, routes.buildCreate, async ({ body, request }) => {
    const projectUuid = body.projectUuid
      ? orThrow(await writableProject(db, request.principal, body.projectUuid)).uuid
      : await projectForUrl(db, request.principal, body.url!, body.name)
    const running = await runningBuildOf(db, projectUuid, body.branch)
    if (running)
      throw new HttpError(
        409,
        `A build of this project's branch '${body.branch}' is already queued or running (build ${running}): wait for it to finish, then scan again.`,
      )
    const uuid = newUuid()
    const p = request.principal
    await insertBuild(db, {
      uuid,
      projectUuid,
      branch: body.branch,
      creator: p.kind === 'member' ? p.member.membershipUuid : null,
      thresholds: body.thresholds ?? null,
    })
    return show(uuid)
  })

  bindRoute(app, routes.buildFiles, async ({ params, request }) => {
    const build = await ownBuild(db, request.principal, params.id)
    if (build.started)
      throw new HttpError(409, 'This build has started: open a new build to upload other files.')
    const { files } = await readUploadedFiles(request, limits)
    const put = await putBuildFiles(db, build.uuid, files, limits)
    if (!put.ok && put.limit === 'started')
      throw new HttpError(409, 'This build has started: open a new build to upload other files.')
    if (!put.ok && put.limit === 'files') {
      const error = tooManyFiles(limits.maxFiles, 'build')
      throw new HttpError(413, `${error.message} It holds ${put.held}; this upload adds ${put.adding}.`)
    }
    if (!put.ok && put.limit === 'bytes') {
      const error = tooManyBytes(limits.maxBytes, 'build')
      throw new HttpError(
        413,
        `${error.message} It holds ${mb(put.held)}; this upload adds ${mb(put.adding)}.`,
      )
    }
    return show(build.uuid)
  })

  bindRoute(app, routes.buildStart, async ({ params, request }) => {
    const build = await ownBuild(db, request.principal, params.id)
    if (build.started) return show(build.uuid)
    const files = await buildFiles(db, build.uuid)
    const started = orThrow(
      await startUploadAnalysis({
        db,
        boss,
        principal: request.principal,
        projectId: build.project_uuid,
        query: { branch: build.branch },
        files,
        source: 'manifests',
        thresholds: build.thresholds,
      }),
    )
    await markStarted(db, build.uuid, started.analysisUuid)
    workers?.notify()
    return show(build.uuid)
  })

  bindRoute(app, routes.buildGet, async ({ params, request }) =>
    show((await ownBuild(db, request.principal, params.id)).uuid),
  )
}
