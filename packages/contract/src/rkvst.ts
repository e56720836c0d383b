// The asset-tracking integration (DataTrails, formerly RKVST), spec accounts-and-api §7 "Asset-tracking
// integration", issue 17. Our reading, as the issue asks: linking a project branch creates (or finds) a
// DataTrails asset for it; publishing records the branch's latest report as an event on the asset (scores,
// outcome, the digest of the report's CycloneDX SBOM) and uploads that SBOM as a blob attached to the
// event; withdrawing an SBOM records its withdrawal as another event (DataTrails keeps events for good,
// so nothing is deleted); publishing a withdrawn SBOM again records that. OAuth2 client credentials
// (client id + secret; the secret is write-only). Payload shapes are ours: the spec names the calls only.
import { z } from 'zod'
import { serviceUrlSchema } from './service-url'

/** The account feature that turns the integration on (§6 'rkvst' feature). */
export const RKVST_FEATURE = 'rkvst'
/** DataTrails' service address (its API is under /archivist). */
export const DATATRAILS_URL = 'https://app.datatrails.ai'

export const rkvstMessages = {
  noFeature: "The asset-tracking integration is not enabled for this account (feature 'rkvst').",
  notConfigured:
    'DataTrails is not set up for this account: an account administrator sets clientId and clientSecret (POST …/integrations/rkvst/accounts/{id}/credentials).',
  baseUrl: 'baseUrl must be the http(s) address of DataTrails, e.g. https://app.datatrails.ai.',
  clientId: 'clientId is the id of a DataTrails application (custom integration): 1 to 256 characters.',
  clientSecret: "clientSecret is that application's secret: 1 to 512 characters.",
  clientSecretRequired: 'clientSecret is required the first time DataTrails is set up for an account.',
  notLinked: (branch: string) =>
    `Branch ${branch} is not linked to a DataTrails asset: link it first (POST …/projects/{project}/{branch}/link).`,
  noReport: (branch: string) => `Branch ${branch} has no report to publish yet.`,
  noSbom: (id: string) => `There is no published SBOM ${id} of this account.`,
} as const

const baseUrl = serviceUrlSchema(rkvstMessages.baseUrl)
const clientId = z
  .string({ message: rkvstMessages.clientId })
  .trim()
  .min(1, rkvstMessages.clientId)
  .max(256, rkvstMessages.clientId)
const clientSecret = z
  .string({ message: rkvstMessages.clientSecret })
  .min(1, rkvstMessages.clientSecret)
  .max(512, rkvstMessages.clientSecret)

export const rkvstAccountParamsSchema = z.object({ id: z.string().min(1) })
export const rkvstBranchParamsSchema = z.object({
  id: z.string().min(1),
  projectId: z.string().min(1),
  branch: z.string().min(1).max(255),
})
export const rkvstSbomParamsSchema = z.object({ id: z.string().min(1), sbomId: z.string().min(1) })

/** An account's DataTrails application; the secret is never answered, only `clientSecretSet`. */
export const rkvstCredentialsSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  clientId: z.string().nullable(),
  clientSecretSet: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type RkvstCredentials = z.infer<typeof rkvstCredentialsSchema>

/** Saving: clientSecret may be left out to keep the stored one (for the same address only). */
export const rkvstCredentialsBodySchema = z.object({
  baseUrl: baseUrl.default(DATATRAILS_URL),
  clientId,
  clientSecret: clientSecret.optional(),
})
export type RkvstCredentialsBody = z.input<typeof rkvstCredentialsBodySchema>
export const rkvstCheckBodySchema = z.object({
  baseUrl: baseUrl.optional(),
  clientId: clientId.optional(),
  clientSecret: clientSecret.optional(),
})
export type RkvstCheckBody = z.input<typeof rkvstCheckBodySchema>
export const rkvstCheckSchema = z.object({ valid: z.literal(true), message: z.string() })
export type RkvstCheck = { valid: boolean; message: string }

/** An SBOM published to DataTrails: the report it came from, its blob and digest, and its state. */
export const rkvstSbomSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  branch: z.string(),
  reportId: z.string(),
  blobIdentity: z.string(),
  /** SHA-256 of the uploaded CycloneDX JSON, hex. */
  sha256: z.string(),
  size: z.number().int(),
  state: z.enum(['published', 'withdrawn']),
  publishedAt: z.string(),
  withdrawnAt: z.string().nullable(),
})
export type RkvstSbom = z.infer<typeof rkvstSbomSchema>

/** A project branch of the account and its asset, when linked. */
export const rkvstBranchSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  branch: z.string(),
  linked: z.boolean(),
  /** DataTrails' asset identity, e.g. assets/5a7f…; null when not linked. */
  assetIdentity: z.string().nullable(),
  linkedAt: z.string().nullable(),
  /** The last SBOM published for this branch (any state), if any. */
  lastSbom: rkvstSbomSchema.nullable(),
})
export type RkvstBranch = z.infer<typeof rkvstBranchSchema>

/** One thing done for a branch with DataTrails, with its result. */
export const rkvstHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['link', 'unlink', 'publish', 'sbom-publish', 'sbom-withdraw']),
  at: z.string(),
  ok: z.boolean(),
  assetIdentity: z.string().nullable(),
  eventIdentity: z.string().nullable(),
  sbomId: z.string().nullable(),
  message: z.string(),
})
export type RkvstHistoryEntry = z.infer<typeof rkvstHistoryEntrySchema>
