// GET /api/v2/badges/{projectId}/{security|stability|licensing}?branch&b64&slug&reportUuid (spec report-page
// §7; product-notes "Badges"): public projects without a token, private ones with ?key= (the project's
// badge key) or a caller who may see them; anything else answers 404 like an unknown project.
import { timingSafeEqual } from 'node:crypto'
import { routes } from '@sextant/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import { canRead } from '../services/projects.access'
import { findProject } from '../services/projects.repo'
import { notFoundBadgeSvg, scoreBadgeSvg } from './badge'
import { badgeFacts } from './badges.repo'

const sameKey = (given: string | undefined, key: string) =>
  given !== undefined && given.length === key.length && timingSafeEqual(Buffer.from(given), Buffer.from(key))

function send(reply: FastifyReply, status: number, svg: string, b64: boolean, cache: string): undefined {
  reply.status(status).header('cache-control', cache).header('x-content-type-options', 'nosniff')
  if (b64) reply.type('text/plain; charset=utf-8').send(Buffer.from(svg).toString('base64'))
  else reply.type('image/svg+xml; charset=utf-8').send(svg)
  return undefined
}

export function badgeRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.badge, async ({ params, query, request, reply }) => {
    const b64 = query.b64 !== undefined && query.b64 !== 'false'
    const facts = await badgeFacts(db, params.projectId, query.branch, query.reportUuid)
    let visible = facts !== null && (facts.isPublic || sameKey(query.key, facts.badgeKey))
    if (facts && !visible && request.principal.kind === 'member') {
      const project = await findProject(db, facts.projectUuid)
      visible = project !== null && canRead(request.principal, project)
    }
    if (!facts || !visible) return send(reply, 404, notFoundBadgeSvg(params.domain), b64, 'no-cache')
    const svg = scoreBadgeSvg({
      label: params.domain,
      score: facts.scores ? facts.scores[params.domain] : null,
      threshold: facts.thresholds[params.domain],
    })
    // Short caching: a badge must follow a new report within minutes; private ones stay out of shared caches.
    return send(reply, 200, svg, b64, facts.isPublic ? 'public, max-age=60' : 'private, max-age=60')
  })

  bindRoute(app, routes.badgeKey, async ({ params, request }) => {
    const project = await findProject(db, params.projectId)
    if (!project || !canRead(request.principal, project)) {
      throw new HttpError(
        404,
        `PROJECT NOT FOUND: there is no project ${params.projectId}, or it is not accessible to you.`,
      )
    }
    const facts = await badgeFacts(db, project.uuid, undefined, undefined)
    const key = facts!.badgeKey
    const url = (d: string) => `/api/v2/badges/${project.uuid}/${d}${project.isPublic ? '' : `?key=${key}`}`
    return {
      key,
      urls: { security: url('security'), stability: url('stability'), licensing: url('licensing') },
    }
  })
}
