// Exclusions (spec report-page §3 Exclusion, §5 validation, §7 calls; accounts-and-api §7 "Exclusions"):
// v2 per project and URL-encoded branch (list, add, remove; readonly `.meterian` ones answer 403),
// "Download Exclusions" as the `.meterian` file (full variant) and as CycloneDX VEX, v1 account-wide.
// Changes take effect at the next recompute (spec §4 "changes are not persisted until recompute").
import { routes } from '@sextant/contract'
import { writeMeterianFile, writeVex } from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { NOT_AUTHORISED, visibleProject, writableProject } from '../../services/project-lookup'
import { latestReportUuid, reportDocumentById } from '../../services/reports.repo'
import { newUuid } from '../../services/secrets'
import { actorOf } from '../triage/triage.routes'
import { exclusionRemoved } from '../triage/triage.service'
import { analysesByFinding } from '../triage/triage-vex.service'
import {
  deleteExclusion,
  exclusionsInForce,
  findExclusion,
  insertExclusions,
  listAccountExclusions,
  listBranchExclusions,
  recordedExclusionsInForce,
} from './exclusions.repo'
import { parseContentText, parseExclusionContent, presentExclusion } from './exclusions.service'

export const READONLY_EXCLUSION =
  "This exclusion comes from the repository's .meterian file and is readonly: change the file (and refresh) to remove it."

/** The account a v1 call names: 'me' or the caller's own uuid; sysadmins may name any. */
function accountOf(principal: Principal, id: string): string {
  if (principal.kind !== 'member') throw new HttpError(401, 'This needs a signed-in user.')
  const uuid = id === 'me' ? principal.account.uuid : id.toLowerCase()
  if (uuid !== principal.account.uuid && !principal.member.sysadmin)
    throw new HttpError(404, `There is no account ${id} that you may see.`)
  return uuid
}

/** Who made an exclusion: always the caller, whatever the body says (issue 13 item 12: it was forgeable). */
function creatorOf(principal: Principal): string | null {
  return principal.kind === 'member' ? principal.member.membershipUuid : null
}

export function exclusionRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.exclusionsList, async ({ params, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    // Names of the account's members only for its own members (a public project's visitors see when, not who).
    const p = request.principal
    const insider = p.kind === 'member' && (p.account.uuid === project.accountUuid || p.member.sysadmin)
    return (await recordedExclusionsInForce(db, project, params.branch)).map((r) => ({
      ...presentExclusion(r.exclusion),
      createdAt: r.createdAt,
      createdBy: insider ? r.creatorName : null,
    }))
  })

  bindRoute(app, routes.exclusionsCreate, async ({ params, body, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const list = orThrow(
      parseContentText(body.content, {
        creatorUuid: creatorOf(request.principal),
        scope: 'branch',
      }),
    )
    await insertExclusions(
      db,
      { accountUuid: project.accountUuid, projectUuid: project.uuid, branch: params.branch },
      list,
    )
    return list.map(presentExclusion)
  })

  bindRoute(app, routes.exclusionsDelete, async ({ params, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const stored = await findExclusion(db, params.exclusionId)
    if (!stored || stored.projectUuid !== project.uuid || stored.branch !== params.branch) {
      throw new HttpError(
        404,
        `There is no exclusion ${params.exclusionId} on branch '${params.branch}' of this project.`,
      )
    }
    if (stored.exclusion.readonly) throw new HttpError(403, READONLY_EXCLUSION)
    // a triaged finding's exclusion: its analysis goes back to in_triage (issue 19 audit trail)
    await inTransaction(db, async (client) => {
      await exclusionRemoved(client, params.exclusionId, actorOf(request.principal))
      await deleteExclusion(client, params.exclusionId)
    })
    return presentExclusion(stored.exclusion)
  })

  bindRoute(app, routes.exclusionsFile, async ({ params, query, request, reply }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const own = await listBranchExclusions(db, project.uuid, params.branch)
    const file = writeMeterianFile(own, { full: query.full === 'true' })
    reply
      .status(200)
      .type('application/json')
      .header('content-disposition', 'attachment; filename=".meterian"')
      .send(`${JSON.stringify(file, null, 2)}\n`)
    return undefined
  })

  bindRoute(app, routes.exclusionsVex, async ({ params, request, reply }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const [exclusions, reportUuid] = await Promise.all([
      exclusionsInForce(db, project, params.branch),
      latestReportUuid(db, project.uuid, params.branch),
    ])
    const report = reportUuid ? await reportDocumentById(db, project.uuid, reportUuid, params.branch) : null
    const text = await writeVex(exclusions, {
      report,
      // issue 19: the analysis states of the branch's findings, in_triage and exploitable ones too
      analyses: await analysesByFinding(db, project.uuid, params.branch),
      serialNumber: `urn:uuid:${newUuid()}`,
      timestamp: new Date(),
    })
    reply
      .status(200)
      .type('application/vnd.cyclonedx+json')
      .header('content-disposition', 'attachment; filename="exclusions.vex.cdx.json"')
      .send(text)
    return undefined
  })

  bindRoute(app, routes.accountExclusionsList, async ({ params, query, request }) => {
    const account = accountOf(request.principal, params.id)
    const list = await listAccountExclusions(db, account)
    return list.filter((e) => !query.domain || e.source.startsWith(`${query.domain}:`)).map(presentExclusion)
  })

  bindRoute(app, routes.accountExclusionsCreate, async ({ params, query, body, request }) => {
    const account = accountOf(request.principal, params.id)
    const p = request.principal
    if (p.kind === 'member' && !p.member.sysadmin && p.member.role !== 'Administrator')
      throw new HttpError(403, `${NOT_AUTHORISED}: account-wide exclusions are for account administrators.`)
    const [exclusion] = orThrow(
      parseExclusionContent(body, {
        creatorUuid: creatorOf(p),
        scope: 'account',
        domain: query.domain,
      }),
    )
    if (!exclusion || exclusion.readonly) throw new HttpError(400, 'Send one exclusion.')
    await insertExclusions(db, { accountUuid: account, projectUuid: null, branch: null }, [exclusion])
    return presentExclusion(exclusion)
  })

  bindRoute(app, routes.accountExclusionsDelete, async ({ params, query, body, request }) => {
    const account = accountOf(request.principal, params.id)
    const p = request.principal
    if (p.kind === 'member' && !p.member.sysadmin && p.member.role !== 'Administrator')
      throw new HttpError(403, `${NOT_AUTHORISED}: account-wide exclusions are for account administrators.`)
    const id = query.id ?? body?.id
    if (!id) throw new HttpError(400, 'Say which exclusion to remove: ?id= or a JSON body {id}.')
    const stored = await findExclusion(db, id)
    if (!stored || stored.accountUuid !== account || stored.projectUuid !== null)
      throw new HttpError(404, `There is no account-wide exclusion ${id}.`)
    await deleteExclusion(db, id)
    return presentExclusion(stored.exclusion)
  })
}
