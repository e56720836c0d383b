// Route definitions of vulnerability lookups and enrichment state (spec report-page §7 GET
// /api/v1/vulns/cwe/{cweNumber}; accounts-and-api §7; issue 9 "Enrichment").
import type { RouteDef } from './routes'
import { cweInfoSchema, cweParamsSchema, enrichmentStatsSchema } from './vulns'

export const vulnRouteDefs = {
  vulnCwe: {
    method: 'GET',
    path: '/api/v1/vulns/cwe/:cweId',
    access: 'anonymous',
    summary:
      "A CWE's name and description from the imported CWE list ('CWE-79' or 79); 404 'Could not get CWE info from the provider' when unknown.",
    params: cweParamsSchema,
    status: 200,
    response: cweInfoSchema,
  },
  enrichmentDbStats: {
    method: 'GET',
    path: '/api/v1/stats/enrichment-dbs',
    access: 'anonymous',
    summary: 'The EPSS, KEV and CWE imports: last run, counts, snapshot version and rows stored.',
    status: 200,
    response: enrichmentStatsSchema,
  },
} as const satisfies Record<string, RouteDef>
