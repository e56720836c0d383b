// CWE lookups and enrichment state over HTTP (spec report-page §7 GET /api/v1/vulns/cwe/{cweNumber},
// §8 'Could not get CWE info from the provider'; issue 9 "Enrichment"): GET /api/v1/vulns/cwe/:cweId
// and GET /api/v1/stats/enrichment-dbs (anonymous; locations and warnings left out, as advisories-dbs).
import { routes } from '@sextant/contract'
import { cweNumberOf } from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import { cweById } from './enrichment.repo'
import { listEnrichmentSources } from './sources.repo'

export const CWE_NOT_FOUND = 'Could not get CWE info from the provider'

export function vulnRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.vulnCwe, async ({ params }) => {
    const n = cweNumberOf(params.cweId)
    const entry = n === null ? null : await cweById(db, n)
    if (!entry) throw new HttpError(404, CWE_NOT_FOUND)
    return { id: `CWE-${entry.id}`, number: entry.id, name: entry.name, description: entry.description }
  })

  bindRoute(app, routes.enrichmentDbStats, async () => ({
    databases: (await listEnrichmentSources(db)).map(({ location: _l, warnings: _w, ...s }) => s),
  }))
}
