// Route definitions of downloads, eras and badges (spec report-page §7; accounts-and-api §7 "Report
// export (eras)", badges). File and SVG answers are sent raw; `response` describes the JSON ones.
import { z } from 'zod'
import {
  badgeKeySchema,
  badgeParamsSchema,
  badgeQuerySchema,
  downloadParamsSchema,
  downloadQuerySchema,
  eraConfigSchema,
  eraCreateBodySchema,
  eraFileParamsSchema,
  eraFileQuerySchema,
  eraIdParamsSchema,
  eraSchema,
  reportJsonQuerySchema,
} from './exports'
import type { RouteDef } from './routes'

export const exportRouteDefs = {
  downloadGenerate: {
    method: 'POST',
    path: '/api/v1/reports/:format/:projectId',
    access: 'anonymous',
    summary:
      'Generate a download of the branch report (or ?reportUuid=): small reports answer the file at once (200); larger ones and PDFs answer 202 with an era to poll.',
    params: downloadParamsSchema,
    query: downloadQuerySchema,
    status: 202,
    response: eraSchema,
    permission: { area: 'reports', action: 'read' },
  },
  reportJsonDownload: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/json',
    access: 'anonymous',
    summary:
      "The branch's latest report as a JSON file; ?key= (the report's download key) works without signing in.",
    params: z.object({ projectId: z.string().min(1) }),
    query: reportJsonQuerySchema,
    status: 200,
    response: z.unknown(),
  },
  eraCreate: {
    method: 'POST',
    path: '/api/v1/eras',
    access: 'anonymous',
    summary: 'Queue a report export (body: projectId or pid, branch or reportUuid, format); answers the era.',
    body: eraCreateBodySchema,
    status: 202,
    response: eraSchema,
    permission: { area: 'reports', action: 'read' },
  },
  eraConfig: {
    method: 'GET',
    path: '/api/v1/eras/config',
    access: 'public',
    summary: 'Export formats, the inline size limit, the refresh timer and how long files are kept.',
    status: 200,
    response: eraConfigSchema,
  },
  eraStatus: {
    method: 'GET',
    path: '/api/v1/eras/:id',
    access: 'anonymous',
    summary:
      'Export status: 200 when done (progress 100); 404 with the progress in the message while running; a failure answers 404 with progress 0.',
    params: eraIdParamsSchema,
    status: 200,
    response: eraSchema,
  },
  eraFile: {
    method: 'GET',
    path: '/api/v1/eras/:id/:file',
    access: 'anonymous',
    summary: 'The exported file, as report.{format}; ?downloadKey= works without signing in.',
    params: eraFileParamsSchema,
    query: eraFileQuerySchema,
    status: 200,
    response: z.unknown(),
  },
  badge: {
    method: 'GET',
    path: '/api/v2/badges/:projectId/:domain',
    access: 'anonymous',
    summary:
      "A score badge (SVG; base64 text with ?b64): the branch's latest score or ?reportUuid's; private projects need ?key= (the project's badge key).",
    params: badgeParamsSchema,
    query: badgeQuerySchema,
    status: 200,
    response: z.string(),
  },
  badgeKey: {
    method: 'GET',
    path: '/api/v2/badges/:projectId',
    access: 'member',
    summary: "The project's badge key and badge paths (members who can see the project).",
    params: z.object({ projectId: z.string().min(1) }),
    status: 200,
    response: badgeKeySchema,
  },
} as const satisfies Record<string, RouteDef>
