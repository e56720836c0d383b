// GET /admin/server/{service}/healthcheck (spec accounts-and-api §7: no auth; healthy true/false with details).
import { z } from 'zod'

export const healthSchema = z.object({
  service: z.string(),
  healthy: z.boolean(),
  details: z.record(z.string(), z.object({ healthy: z.boolean(), message: z.string() })),
})
export type Health = z.infer<typeof healthSchema>
