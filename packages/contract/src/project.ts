// Projects, branches and uploads (spec report-page §3 Project; accounts-and-api §7 "Projects and reports").
import { z } from 'zod'

export const thresholdsSchema = z.object({
  security: z.number(),
  stability: z.number(),
  licensing: z.number(),
})
export type Thresholds = z.infer<typeof thresholdsSchema>

/** Where the newest analysis of a branch stands; the page shows the not-ready banner while one runs. */
export const analysisStateSchema = z.object({
  uuid: z.string(),
  branch: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type AnalysisState = z.infer<typeof analysisStateSchema>

export const projectSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  accountUuid: z.string(),
  isPublic: z.boolean(),
  /** The team that owns the project (members with a team role see their teams' projects); null: none. */
  teamUuid: z.string().nullable().optional(),
  readonly: z.boolean(),
  branches: z.array(z.string()),
  thresholds: thresholdsSchema,
  analyses: z.array(analysisStateSchema),
  createdAt: z.string(),
})
export type Project = z.infer<typeof projectSchema>

export const uploadQuerySchema = z.object({
  branch: z.string().trim().min(1).max(255).default('main'),
  url: z.string().max(2048).optional(),
  /** The team that owns a project this upload creates (default: the member's primary team). */
  teamUuid: z.string().optional(),
  name: z.string().max(255).optional(),
})
export type UploadQuery = z.infer<typeof uploadQuerySchema>

export const uploadResponseSchema = z.object({
  projectUuid: z.string(),
  /** false when an upload to 'new' joined the caller's project with the same URL or name (issue 14). */
  projectCreated: z.boolean().optional(),
  branch: z.string(),
  analysisUuid: z.string(),
  status: z.literal('QUEUED'),
  files: z.array(z.string()),
  /**
   * Only when an upload without sign-in created a public project: the key that adds later scans to it
   * (header X-Upload-Key). Shown once; the server keeps only its digest.
   */
  uploadKey: z.string().optional(),
})
/** The header carrying a public project's upload key (issue 13 item 10). */
export const UPLOAD_KEY_HEADER = 'x-upload-key'
export type UploadResponse = z.infer<typeof uploadResponseSchema>
