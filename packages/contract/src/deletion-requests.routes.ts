// Deletion requests of live scan reports (spec report-page §2 'Request to Delete', §7 "Deletion request",
// §9 "deleted within 6 months per data terms"; issue 6: recorded server-side and visible to system
// administrators instead of a third-party form service).
import { z } from 'zod'
import type { RouteDef } from './routes'

export const deletionRequestBodySchema = z.object({
  email: z.email('Email address invalid or missing'),
  branch: z.string().trim().max(255).optional(),
  website: z.string().trim().max(2048).optional(),
  reason: z.string().trim().max(2000).optional(),
  /** false when asked from a qa or local host (spec §7). */
  production: z.boolean().default(true),
})

export const deletionRequestSchema = z.object({
  uuid: z.string(),
  projectUuid: z.string(),
  branch: z.string().nullable(),
  email: z.string(),
  website: z.string().nullable(),
  reason: z.string().nullable(),
  production: z.boolean(),
  createdAt: z.string(),
  /** When the report must be gone by, per the data terms: six months after the request. */
  deleteBy: z.string(),
  /** When the retention job carried it out (issue 20), null while pending. */
  completedAt: z.string().nullable(),
  /** How many reports it deleted; null while pending. */
  reportsDeleted: z.number().int().nullable(),
})
export type DeletionRequest = z.infer<typeof deletionRequestSchema>

export const deletionRequestRouteDefs = {
  deletionRequestCreate: {
    method: 'POST',
    path: '/api/v1/reports/:projectId/deletion-requests',
    access: 'anonymous',
    summary:
      "Ask for a live scan report to be deleted ('Request to Delete'); recorded for the system administrators.",
    params: z.object({ projectId: z.string().min(1) }),
    body: deletionRequestBodySchema,
    status: 201,
    response: deletionRequestSchema,
    permission: { area: 'reports', action: 'read' },
  },
  deletionRequestList: {
    method: 'GET',
    path: '/api/v1/admin/deletion-requests',
    access: 'member',
    summary: 'Every deletion request, newest first (system administrators).',
    permission: { area: 'system', action: 'read' },
    status: 200,
    response: z.array(deletionRequestSchema),
  },
} as const satisfies Record<string, RouteDef>
