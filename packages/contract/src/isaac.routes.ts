// isaac policies (spec accounts-and-api §3 "Policy: sysid, enabled, severity, tags"; §6 area "isaac";
// §7 "GET /api/v1/isaac/me/policies; POST /api/v1/isaac/me/policies/{sysid} with body enabled,
// severity, tags"). A policy is one rule of the isaac code-analysis tool, named by its sysid, as the
// caller's account sets it: switched on or off, the severity its findings get, and labels (tags). Only
// the rules an account has set are stored and listed.
import { z } from 'zod'
import { severities } from './accounts'
import type { RouteDef } from './routes'

export const isaacMessages = {
  sysid: "A policy sysid is 1 to 64 letters, digits, '.', '_', ':' or '-', starting with a letter or digit.",
  enabled: 'enabled must be true or false.',
  severity: `severity must be one of ${severities.join(', ')}.`,
  tag: 'Each tag is 1 to 64 characters.',
  tags: 'tags must be a list of at most 50 texts.',
} as const

export const isaacPolicyParamsSchema = z.object({
  sysid: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, isaacMessages.sysid),
})

export const isaacPolicyBodySchema = z.object({
  enabled: z.boolean({ message: isaacMessages.enabled }),
  severity: z.enum(severities, { message: isaacMessages.severity }),
  /** Labels of the rule, kept trimmed and without case-insensitive repeats, in the order sent. */
  tags: z
    .array(
      z.string({ message: isaacMessages.tag }).trim().min(1, isaacMessages.tag).max(64, isaacMessages.tag),
      {
        message: isaacMessages.tags,
      },
    )
    .max(50, isaacMessages.tags)
    .default([]),
})
export type IsaacPolicyBody = z.infer<typeof isaacPolicyBodySchema>

export const isaacPolicySchema = z.object({
  sysid: z.string(),
  enabled: z.boolean(),
  severity: z.enum(severities),
  tags: z.array(z.string()),
  updatedAt: z.string(),
})
export type IsaacPolicy = z.infer<typeof isaacPolicySchema>

export const isaacRouteDefs = {
  isaacPolicyList: {
    method: 'GET',
    path: '/api/v1/isaac/me/policies',
    access: 'member',
    summary: "The isaac policies the caller's account has set, by sysid.",
    permission: { area: 'isaac', action: 'read' },
    status: 200,
    response: z.array(isaacPolicySchema),
  },
  isaacPolicySet: {
    method: 'POST',
    path: '/api/v1/isaac/me/policies/:sysid',
    access: 'member',
    summary:
      "Set one isaac policy of the caller's account {enabled, severity, tags?}; the whole policy is replaced.",
    params: isaacPolicyParamsSchema,
    body: isaacPolicyBodySchema,
    permission: { area: 'isaac', action: 'edit' },
    status: 200,
    response: isaacPolicySchema,
  },
} as const satisfies Record<string, RouteDef>
