// Operator endpoints outside the API (issue 18 "What operators get from it"; docs/operations.md):
// GET /livez (the process serves HTTP), GET /readyz (the database and the job engine answer; 503 with the
// failing check otherwise, and while the server stops) and GET /metrics (Prometheus text format: with
// SEXTANT_METRICS_TOKEN only `Authorization: Bearer <token>`, else system administrators only).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { isSysadmin } from '../http/auth'
import { sendError } from '../http/errors'
import type { PgBoss } from '../jobs/boss'
import type { Metrics } from './metrics'
import { pingDatabase } from './operations.repo'

/** A readiness check that has not answered by then counts as failed (a hung database is not ready). */
const CHECK_TIMEOUT_MS = 3000

interface Check {
  ok: boolean
  message?: string
}

async function check(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    )
  })
  try {
    await Promise.race([run(), timeout])
    return { ok: true }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

function carriesToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token))
}

export interface OperationsDeps {
  config: Pick<Config, 'metricsToken'>
  db: Db
  boss: PgBoss
  metrics: Metrics
  /** A queue the readiness check asks pg-boss about. */
  probeQueue: string
}

export function operationsRoutes(app: FastifyInstance, deps: OperationsDeps): void {
  const { metrics, config } = deps
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
  })

  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'alive' }
  })

  app.get('/readyz', async (_request, reply) => {
    const [database, jobs] = await Promise.all([
      check(() => pingDatabase(deps.db)),
      check(() => deps.boss.getQueue(deps.probeQueue)),
    ])
    const ready = database.ok && jobs.ok
    reply.header('cache-control', 'no-store').status(ready ? 200 : 503)
    return { status: ready ? 'ready' : 'not ready', checks: { database, jobs } }
  })

  const scrape = async (reply: FastifyReply) => {
    const text = await metrics.registry.metrics()
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text)
  }
  if (config.metricsToken) {
    const token = config.metricsToken
    app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
      if (!carriesToken(request, token))
        return sendError(reply, 401, 'Scraping /metrics needs Authorization: Bearer <SEXTANT_METRICS_TOKEN>.')
      return scrape(reply)
    })
  } else {
    app.get('/metrics', { config: { access: 'member' } }, async (request, reply) => {
      if (!isSysadmin(request.principal))
        return sendError(
          reply,
          403,
          'Only a system administrator may read /metrics; set SEXTANT_METRICS_TOKEN to let Prometheus scrape it.',
        )
      return scrape(reply)
    })
  }
}
