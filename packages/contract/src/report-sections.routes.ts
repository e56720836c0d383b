// Route definitions of the report page's own reads (issue 20 "Reports that stay small"): the outline of
// the latest report of a branch or of one report, and the pages of a section. Precompressed (gzip, br),
// strong ETag; a report asked for by id never changes and is cached as immutable.
import { z } from 'zod'
import {
  reportOutlineQuerySchema,
  reportOutlineSchema,
  reportSectionPageSchema,
  reportSectionParamsSchema,
  reportSectionQuerySchema,
} from './report-sections'
import type { RouteDef } from './routes'

export const reportSectionRouteDefs = {
  reportOutline: {
    method: 'GET',
    path: '/api/v2/reports/:projectId/outline',
    access: 'anonymous',
    summary:
      'The latest report of a branch (?branch=) as the report page shows it first: every summary, count, score and the gate, the vulnerable components of the security section, and per section how many items and pages the section route has. 404 before the first report.',
    params: z.object({ projectId: z.string().min(1) }),
    query: reportOutlineQuerySchema,
    status: 200,
    response: reportOutlineSchema,
  },
  reportOutlineById: {
    method: 'GET',
    path: '/api/v2/reports/:projectId/outline/:reportId',
    access: 'anonymous',
    summary: 'The outline of one report from the history (immutable).',
    params: z.object({ projectId: z.string().min(1), reportId: z.string().min(1) }),
    query: reportOutlineQuerySchema,
    status: 200,
    response: reportOutlineSchema,
  },
  reportSection: {
    method: 'GET',
    path: '/api/v2/reports/:projectId/sections/:reportId/:domain',
    access: 'anonymous',
    summary:
      'One page (?page=, from 0) of the per-component items of a section (security component reports, stability versions, licensing results) of one report, in document order by language part (immutable).',
    params: reportSectionParamsSchema,
    query: reportSectionQuerySchema,
    status: 200,
    response: reportSectionPageSchema,
  },
} as const satisfies Record<string, RouteDef>
