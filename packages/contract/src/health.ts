// GET /admin/server/{service}/healthcheck (spec accounts-and-api §7: no auth; healthy true/false with details).
// `healthy` is true only when every detail is; the answer is 503 only when a critical one fails (the
// database, the job engine), so a load balancer keeps a server whose advisory data is stale or empty, while
// /status says so (issue 14: never "all systems healthy" without advisories).
import { z } from 'zod'
import { advisorySnapshotSchema } from './assessment'

export const healthSchema = z.object({
  service: z.string(),
  healthy: z.boolean(),
  details: z.record(
    z.string(),
    z.object({
      healthy: z.boolean(),
      message: z.string(),
      /** Whether the server can work without it (absent = critical: the answer is 503 when it fails). */
      critical: z.boolean().optional(),
    }),
  ),
  /** The advisory store's state (failed syncs without their reason, which names the source). */
  advisories: advisorySnapshotSchema.optional(),
})
export type Health = z.infer<typeof healthSchema>
