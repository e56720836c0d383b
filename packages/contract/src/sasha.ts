// Static-analysis reports (spec accounts-and-api §7 "GET /api/v1/sasha/projects/{id}/report?branch=",
// issue 17). Our reading, as the issue asks: SASHA is the product's static-analysis tool; Sextant accepts
// SARIF 2.1.0 uploads from any SAST tool for a project and branch (POST /api/v1/uploads/{id}/sarif) and
// the sasha route answers the latest: the tool, its rules, results by level, files, and the results.
// The account's isaac policies (§3 "Policy: sysid, enabled, severity, tags") drive the results whose rule
// they name (the rule id, or its last '/'-part: 'noGlobalEval' names 'lint/security/noGlobalEval'): a
// disabled rule's results are listed as suppressed and left out of the counts, the policy's severity and
// tags are given to the others.
import { z } from 'zod'
import { severities } from './accounts'

export const SARIF_LEVELS = ['error', 'warning', 'note', 'none'] as const
export type SarifLevel = (typeof SARIF_LEVELS)[number]

export const sashaResultSchema = z.object({
  ruleId: z.string(),
  /** The rule's short description, when the tool gave one. */
  ruleName: z.string().nullable(),
  level: z.enum(SARIF_LEVELS),
  message: z.string(),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  /** From the isaac policy naming the rule; null when none does. */
  severity: z.enum(severities).nullable(),
  tags: z.array(z.string()),
  /** A disabled isaac policy names the rule: listed, not counted. */
  suppressed: z.boolean(),
})
export type SashaResult = z.infer<typeof sashaResultSchema>

export const sashaReportSchema = z.object({
  uuid: z.string(),
  projectId: z.string(),
  branch: z.string(),
  createdAt: z.string(),
  tool: z.object({ name: z.string(), version: z.string().nullable() }),
  summary: z.object({
    rules: z.number().int(),
    files: z.number().int(),
    results: z.number().int(),
    byLevel: z.object({
      error: z.number().int(),
      warning: z.number().int(),
      note: z.number().int(),
      none: z.number().int(),
    }),
    suppressed: z.number().int(),
  }),
  results: z.array(sashaResultSchema),
})
export type SashaReport = z.infer<typeof sashaReportSchema>

export const sashaParamsSchema = z.object({ projectId: z.string().min(1) })
export const sashaQuerySchema = z.object({ branch: z.string().trim().min(1).max(255).default('main') })
export const sarifUploadResponseSchema = z.object({
  uuid: z.string(),
  projectId: z.string(),
  branch: z.string(),
  results: z.number().int(),
})
