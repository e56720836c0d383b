// Route definitions of static-analysis reports (spec accounts-and-api §7 "GET /api/v1/sasha/projects/{id}/
// report?branch=", issue 17; our reading in sasha.ts). §6: uploading a SARIF file edits the project (a
// new scan of it), reading the latest is reading reports.
import type { RouteDef } from './routes'
import { sarifUploadResponseSchema, sashaParamsSchema, sashaQuerySchema, sashaReportSchema } from './sasha'

export const sashaRouteDefs = {
  uploadSarif: {
    method: 'POST',
    path: '/api/v1/uploads/:projectId/sarif',
    access: 'member',
    summary:
      "Upload a SARIF 2.1.0 file of any static-analysis tool (multipart field 'file', at most 8 MB and 20,000 results) for a project and branch (?branch=, default main); answers 201 with what was stored. A file that is not SARIF 2.1.0 is 400 naming what is wrong.",
    params: sashaParamsSchema,
    query: sashaQuerySchema,
    multipart: true,
    permission: { area: 'projects', action: 'edit' },
    status: 201,
    response: sarifUploadResponseSchema,
  },
  sashaReport: {
    method: 'GET',
    path: '/api/v1/sasha/projects/:projectId/report',
    access: 'anonymous',
    summary:
      "The latest static-analysis report of a project's branch (?branch=, default main): tool, counts by level, files, and the results with the account's isaac policies applied; 404 when none was uploaded.",
    params: sashaParamsSchema,
    query: sashaQuerySchema,
    status: 200,
    response: sashaReportSchema,
  },
} as const satisfies Record<string, RouteDef>
