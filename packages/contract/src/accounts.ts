// Accounts administration payloads (spec accounts-and-api §3 entities, §5 validation, §6 roles, §7 calls):
// permissions, credentials, MFA, accounts, configuration, features/plans, members, teams and API tokens.
// Messages that the spec names are used verbatim so that server and SDK answer alike.
import { z } from 'zod'
import { roleSchema } from './identity'

/** Permission areas of §6, plus 'system' (ours): the sysadmin panel and server-wide routes. */
export const permissionAreas = [
  'tokens',
  'projects',
  'tags',
  'insights',
  'teams',
  'members',
  'policies',
  'isaac',
  'account',
  'configuration',
  'reports',
  'system',
] as const
export type PermissionArea = (typeof permissionAreas)[number]
/** §6 names read/create/edit/delete, and for the account area also 'disable' and 'support'. */
export const permissionActions = ['read', 'create', 'edit', 'delete', 'disable', 'support'] as const
export type PermissionAction = (typeof permissionActions)[number]

export interface Permission {
  area: PermissionArea
  action: PermissionAction
  /** The path parameter holding the account ('me', 'default' or a uuid) the route acts on. */
  accountParam?: string
  /** The path parameter holding a team uuid; its account must be the caller's. */
  teamParam?: string
  /**
   * The path parameter that is 'new' when the call creates what it acts on (uploads to 'new' create a
   * project): such a call needs `create` in the area instead of `action`.
   */
  createParam?: string
  /** Answered with 403 instead of the generic message (spec: 'Unauthorized' for the support token). */
  message?: string
}

export const accountMessages = {
  missing: 'Some parameters necessary for the request are missing.',
  memberCreate: 'Oops... Something went wrong. The account member could not be created.',
  memberDelete: 'Oops... Something went wrong. The account member could not be deleted.',
  memberUpdate: 'Oops... Something went wrong. The account member could not be updated.',
  teamMemberUpdate: 'The team member could not be updated.',
  primaryTeam: 'The primary team could not be changed.',
  teamMemberAdd: 'The member has not been added to the team',
  teamCreate: 'The team could not be created',
  teamDelete: 'The team could not be deleted',
  teamMemberRemove: 'The team member could not be removed',
  teamUpdate: 'The team could not be updated',
  propertyContent: 'The property content is invalid',
  propertyInvalid: 'The property is invalid',
  propertyMissing: 'The property is missing',
  unauthorized: 'Unauthorized',
  mfaRequired:
    'MFA required: send the code of your authenticator app (or a scratch code) to POST /api/v1/mfa/validate/app.',
  credentials: 'Credentials not valid',
  email: 'Email address invalid or missing',
} as const

const email = z.string().trim().pipe(z.email(accountMessages.email))

// ---- credentials ---------------------------------------------------------------------------------
export const registerBodySchema = z.object({
  email,
  password: z.string().min(10, 'The password must have at least 10 characters.').max(200),
  name: z.string().trim().max(200).optional(),
})
export const forgetQuerySchema = z.object({ email })
/** The token of an e-mailed sign-up link (issue 13 item 7). */
export const confirmSignUpBodySchema = z.object({
  token: z.string().min(1, accountMessages.missing).max(200),
})
/** The token of an e-mailed invitation; a password (and name) when the address has no user yet. */
export const acceptInvitationBodySchema = z.object({
  token: z.string().min(1, accountMessages.missing).max(200),
  password: z.string().min(10, 'The password must have at least 10 characters.').max(200).optional(),
  name: z.string().trim().max(200).optional(),
})
export const acceptInvitationResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  account: z.object({ uuid: z.string(), name: z.string() }),
  role: roleSchema,
  /** Whether accepting made the address's user (it signs in with the password just chosen). */
  newUser: z.boolean(),
})
export const resetBodySchema = z.object({
  token: z.string().min(1, accountMessages.missing),
  password: z.string().min(10, 'The password must have at least 10 characters.').max(200),
})
export const messageSchema = z.object({ message: z.string() })
/** The same access token stays valid until `expiresAt` (it is not sent back: the client holds it). */
export const refreshResponseSchema = z.object({ expiresAt: z.string() })

// ---- MFA -----------------------------------------------------------------------------------------
export const mfaStatusSchema = z.object({
  app: z.boolean(),
  sms: z.boolean(),
  phone: z.string().nullable(),
  scratchCodes: z.number().int(),
})
export const mfaInitializeSchema = z.object({
  otpauthUri: z.string(),
  qrCode: z.string(),
  secret: z.string(),
})
export const mfaValidateResponseSchema = z.object({ message: z.string(), status: mfaStatusSchema })
export const mfaCodeBodySchema = z.object({
  totp: z.string().trim().min(1, accountMessages.missing).max(64),
})
export const mfaValidateParamsSchema = z.object({ method: z.enum(['app', 'sms', 'scratch']) })
export const mfaValidateQuerySchema = z.object({ isSetup: z.enum(['true', 'false']).optional() })
export const mfaSmsBodySchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Give the phone number with its country code, e.g. +44 20 7946 0000.')
    // Absent: the phone already set up (always so while a sign-in waits for its second factor).
    .optional(),
})
export const scratchCodesCreatedSchema = z.object({ codes: z.array(z.string()) })
export const scratchCodesListSchema = z.object({
  codes: z.array(z.object({ hash: z.string(), used: z.boolean() })),
})
export const memberMfaSchema = z.object({ app: z.boolean(), sms: z.boolean() })
export const memberMfaBodySchema = z.object({ reset: z.literal(true) })

// ---- accounts --------------------------------------------------------------------------------------
export const accountListQuerySchema = z.object({ q: z.string().optional() })
export const accountCreateBodySchema = z.object({
  name: z.string().trim().min(1, accountMessages.missing).max(200),
  email: z.string().trim().min(1, accountMessages.missing).pipe(z.email(accountMessages.email)),
})
export const accountUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  email: z.string().trim().pipe(z.email(accountMessages.email)).optional(),
})
export const accountDeleteQuerySchema = z.object({ check: z.string().optional() })
export const activationQuerySchema = z.object({
  active: z.enum(['true', 'false'], { message: accountMessages.missing }),
})
export const accountSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  features: z.array(z.string()),
  active: z.boolean(),
  default: z.boolean(),
})
export type AccountSummary = z.infer<typeof accountSummarySchema>
export const accountIdParams = z.object({ id: z.string().min(1, 'No account has been specified') })
export const propertyParamsSchema = z.object({ id: z.string().min(1), name: z.string() })
export const propertyValueSchema = z.union([z.record(z.string(), z.unknown()), z.null()])
export const paygSchema = z.object({ tokens: z.number().int() })

export const scopeNames = ['prod', 'dev', 'test', 'provided', 'optional'] as const
const scopeList = z.array(z.enum(scopeNames))
export const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST'] as const
export const configurationSchema = z.object({
  analysisScopes: z.object({ security: scopeList, stability: scopeList, licensing: scopeList }),
  thresholds: z.object({
    security: z.number().min(0).max(100),
    stability: z.number().min(0).max(100),
    licensing: z.number().min(0).max(100),
  }),
  scoringAlgorithm: z.enum(['cvss', 'severity']),
  autoMitigation: z.object({
    epss: z.number().min(0).max(100).nullable(),
    cvss: z.number().min(0).max(10).nullable(),
    severity: z.enum(severities).nullable(),
  }),
  /**
   * Whether a domain assessed only in part (missing metadata, unmatched ecosystems, an incomplete graph)
   * fails the gate (issue 14; default true). Off, it passes or fails on the score over what was
   * assessed; a domain not assessed at all always fails.
   */
  partialAssessmentFailsGate: z.boolean(),
})
export type AccountConfiguration = z.infer<typeof configurationSchema>
const chosenScopes = scopeList.min(1, 'Choose at least one scope for each domain')
export const configurationUpdateSchema = z.object({
  analysisScopes: z
    .object({ security: chosenScopes, stability: chosenScopes, licensing: chosenScopes })
    .partial()
    .optional(),
  thresholds: configurationSchema.shape.thresholds.partial().optional(),
  scoringAlgorithm: configurationSchema.shape.scoringAlgorithm.optional(),
  autoMitigation: configurationSchema.shape.autoMitigation.partial().optional(),
  partialAssessmentFailsGate: z.boolean().optional(),
})

// ---- features and plans --------------------------------------------------------------------------
export const featureNames = [
  'members',
  'teams',
  'jira',
  'slack',
  'rkvst',
  'datadog',
  'isaac',
  'pdf',
  'chai',
  'licenses',
  'nextsafe',
  'sbom',
  'advancedsboms',
  'securecodewarrior',
] as const
export type FeatureName = (typeof featureNames)[number]
export const featureSchema = z.object({ name: z.string(), description: z.string() })
export const planSchema = z.object({
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
})
export const featuresQuerySchema = z.object({ names: z.string({ message: accountMessages.missing }) })
export const planQuerySchema = z.object({ name: z.string().min(1, accountMessages.missing) })
export const propertyDefSchema = z.object({ name: z.string(), description: z.string() })
export const languagesQuerySchema = z.object({ tool: z.enum(['boss', 'bossc', 'isaac']).optional() })
export const siteStatsSchema = z.object({
  accounts: z.number().int(),
  users: z.number().int(),
  teams: z.number().int(),
  projects: z.number().int(),
  reports: z.number().int(),
  activeSessions: z.number().int(),
})

// ---- API tokens ----------------------------------------------------------------------------------
export const tokenSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  owner: z.string(),
  kind: z.enum(['api', 'support']),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export type ApiTokenInfo = z.infer<typeof tokenSchema>
/** The secret is in `token`, answered once at creation: send it as `Authorization: Token <token>`. */
export const tokenCreatedSchema = tokenSchema.extend({ token: z.string() })
export const tokenCreateBodySchema = z.object({
  name: z.string().trim().min(1, accountMessages.missing).max(200),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
})
export const supportTokenSchema = z.object({ active: z.boolean(), expiresAt: z.string().nullable() })

// ---- members and teams ---------------------------------------------------------------------------
export const memberSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  primaryTeam: z.string().nullable(),
  /** 'invited': an invitation not accepted yet, which grants nothing (issue 13 item 6). */
  status: z.enum(['active', 'invited']),
})
export type Member = z.infer<typeof memberSchema>
export const memberCreateBodySchema = z.object({
  name: z.string({ message: accountMessages.missing }).trim().min(1, accountMessages.missing).max(200),
  email: z.string({ message: accountMessages.missing }).trim().pipe(z.email(accountMessages.missing)),
  role: roleSchema.optional(),
})
export const memberUpdateBodySchema = z.object({
  name: z.string().trim().min(1, accountMessages.missing).max(200).optional(),
  role: roleSchema.optional(),
})
export const memberParamsSchema = z.object({ id: z.string().min(1), member: z.string().min(1) })
export const primaryQuerySchema = z.object({ teamuuid: z.uuid(accountMessages.missing) })
export const teamRoleSchema = z.enum(['Administrator', 'Collaborator', 'Viewer'])
export const teamSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  everyone: z.boolean(),
})
export type Team = z.infer<typeof teamSchema>
export const teamCreateBodySchema = z.object({
  name: z.string({ message: accountMessages.missing }).trim().min(1, accountMessages.missing).max(200),
  description: z.string().max(2000).optional(),
  active: z.boolean().optional(),
})
export const teamUpdateBodySchema = teamCreateBodySchema.partial()
export const teamMemberSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
})
export const teamMemberAddBodySchema = z.object({
  uuid: z.string().optional(),
  role: teamRoleSchema.optional(),
  membership: z
    .object({ name: z.string().optional(), email: z.string(), role: roleSchema.optional() })
    .optional(),
})
export const teamMemberUpdateBodySchema = z.object({ role: teamRoleSchema })
export const teamIdParams = z.object({ id: z.string().min(1) })
export const teamMemberParams = z.object({ id: z.string().min(1), memberId: z.string().min(1) })
