// GET /api/v2/badges/{projectId}/{security|stability|licensing}?branch&b64&slug&reportUuid (spec report-page
// §7; product-notes "Badges"): public projects without a token, private ones with ?key= (the project's
// badge key) or a caller who may see them; anything else answers 404 like an unknown project.
import { routes } from '@sextant/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import { canRead } from '../services/projects.access'
import { findProject } from '../services/projects.repo'
import { sameSecret } from '../services/secrets'
import { notFoundBadgeSvg, scoreBadgeSvg } from './badge'
import { badgeKeyOf, badgeScores } from './badges.repo'

function send(reply: FastifyReply, status: number, svg: string, b64: boolean, cache: string): undefined {
  reply.status(status).header('cache-control', cache).header('x-content-type-options', 'nosniff')
  if (b64) reply.type('text/plain; charset=utf-8').send(Buffer.from(svg).toString('base64'))
  else reply.type('image/svg+xml; charset=utf-8').send(svg)
  return undefined
}

export function badgeRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.badge, async ({ params, query, request, reply }) => {
    const b64 = query.b64 !== undefined && query.b64 !== 'false'
    // Who may see the project is decided first (issue 13 item 5); its scores are read after, through it.
    const project = await findProject(db, params.projectId)
    const key = project && !project.isPublic ? await badgeKeyOf(db, project.uuid) : null
    const visible =
      project !== null &&
      (project.isPublic ||
        (key !== null && sameSecret(query.key, key)) ||
        canRead(request.principal, project))
    if (!project || !visible) return send(reply, 404, notFoundBadgeSvg(params.domain), b64, 'no-cache')
    const scores = await badgeScores(db, project.uuid, query.branch?.trim() || undefined, query.reportUuid)
    const svg = scoreBadgeSvg({
      label: params.domain,
      score: scores ? scores[params.domain] : null,
      threshold: project.thresholds[params.domain],
    })
    // Short caching: a badge must follow a new report within minutes; private ones stay out of shared caches.
    return send(reply, 200, svg, b64, project.isPublic ? 'public, max-age=60' : 'private, max-age=60')
  })

  bindRoute(app, routes.badgeKey, async ({ params, request }) => {
    const project = await findProject(db, params.projectId)
    if (!project || !canRead(request.principal, project)) {
      throw new HttpError(
        404,
        `PROJECT NOT FOUND: there is no project ${params.projectId}, or it is not accessible to you.`,
      )
    }
    const key = (await badgeKeyOf(db, project.uuid))!
    const url = (d: string) => `/api/v2/badges/${project.uuid}/${d}${project.isPublic ? '' : `?key=${key}`}`
    return {
      key,
      urls: { security: url('security'), stability: url('stability'), licensing: url('licensing') },
    }
  })
}
