// Accounts, users and credentials (spec accounts-and-api §3 Account/User, §7 Authentication, Accounts).
import { z } from 'zod'

export const roleSchema = z.enum([
  'Administrator',
  'Collaborator',
  'Viewer',
  'TeamAdministrator',
  'TeamCollaborator',
  'TeamViewer',
])
export type Role = z.infer<typeof roleSchema>

export const accountSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  bundle: z.object({ name: z.string(), limits: z.object({ usePDFReports: z.boolean() }) }),
  features: z.array(z.string()),
  default: z.boolean(),
  sysadmin: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
})
export type Account = z.infer<typeof accountSchema>

export const userSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  sysadmin: z.boolean(),
  account: z.object({ uuid: z.string(), name: z.string() }),
  membership: z.object({ uuid: z.string(), name: z.string(), role: roleSchema }),
})
export type User = z.infer<typeof userSchema>

export const loginBodySchema = z.object({
  email: z.string().min(1, 'Email address invalid or missing'),
  password: z.string().min(1, 'Required information not provided.'),
})
export type LoginBody = z.infer<typeof loginBodySchema>

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresAt: z.string(),
  user: userSchema,
  /** True while the access token waits for the second factor (POST /api/v1/mfa/validate/{method}). */
  mfaRequired: z.boolean().optional(),
  /** With mfaRequired: the factors the member enabled; 'sms' means POST /api/v1/mfa/authenticate/sms sends a code. */
  mfaMethods: z.array(z.enum(['app', 'sms'])).optional(),
})
export type MfaSignInMethod = 'app' | 'sms'
export type LoginResponse = z.infer<typeof loginResponseSchema>
