// Route definitions of vulnerability lookups and enrichment state (spec report-page §7 GET
// /api/v1/vulns/cwe/{cweNumber}; accounts-and-api §7 "Vulnerabilities and languages": the advisories of
// a language with paging and filters, one advisory by id or alias; issue 9 "Enrichment", "Library lookups").
import type { RouteDef } from './routes'
import {
  cweInfoSchema,
  cweParamsSchema,
  enrichmentImportQuerySchema,
  enrichmentImportResultSchema,
  enrichmentStatsSchema,
  vulnDetailSchema,
  vulnIdParamsSchema,
  vulnLanguageParamsSchema,
  vulnListQuerySchema,
  vulnListSchema,
} from './vulns'

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
  vulnList: {
    method: 'GET',
    path: '/api/v1/vulns/:language',
    access: 'anonymous',
    summary:
      'Advisories naming packages of one language, newest modified first: limit (1-500, default 20) and offset (default 0), or after= the `next` of the previous page (keyset paging, ours; offset then counts from it); filters severity (comma-separated CRITICAL, HIGH, MEDIUM, LOW, NONE), package (exact name), cwe, q (text in id, alias or summary), modifiedSince (ISO date), includeWithdrawn (withdrawn left out by default). Empty values are ignored; a bad value answers 400 naming the parameter; 404 for a language we do not know.',
    params: vulnLanguageParamsSchema,
    query: vulnListQuerySchema,
    status: 200,
    response: vulnListSchema,
  },
  vulnById: {
    method: 'GET',
    path: '/api/v1/vulns/:language/:id',
    access: 'anonymous',
    summary:
      'One advisory of a language by its id or by an alias (e.g. a CVE), case-insensitive; records aliasing each other answer as one, with every identifier. 404 when no advisory of that language carries the identifier.',
    params: vulnIdParamsSchema,
    status: 200,
    response: vulnDetailSchema,
  },
  enrichmentImport: {
    method: 'POST',
    path: '/api/v1/enrichment/import',
    access: 'member',
    summary:
      "Import FIRST's EPSS CSV, CISA's KEV JSON or a CWE list into the running server (ours; system administrators only): ?kind=, the file as multipart field 'file' or ?location= an http(s) URL.",
    query: enrichmentImportQuerySchema,
    multipart: true,
    status: 200,
    response: enrichmentImportResultSchema,
    permission: {
      area: 'system',
      action: 'edit',
      message: 'Unauthorized: only a system administrator may import enrichment data.',
    },
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
