// Licence policies, licence search, licence fixes and copyright on the wire (spec report-page §5, §7, §8;
// accounts-and-api §7 "Licences", "Insights, policies"; product-notes "Licence policies"). Messages the
// spec names are used verbatim so that server and SDK answer alike.
import { z } from 'zod'

export const licenceMessages = {
  searchTooShort: 'Enter a minimum of 2 characters',
  noValidLicence: 'We were not able to find a valid license.',
  licenceExists: 'License already exists',
  copyrightEmpty: 'Please fill in the field',
  missing: 'Some parameters necessary for the request are missing.',
} as const

export const licencePolicyKindSchema = z.enum(['DENY', 'ALLOW'])
export const licencePolicyTemplateSchema = z.enum(['no-copyleft', 'no-affero', 'no-gpl'])

export const licencePolicySchema = z.object({
  id: z.string(),
  accountUuid: z.string(),
  /** Shown in the report as a violation's `policyName`. */
  name: z.string(),
  kind: licencePolicyKindSchema,
  /** SPDX ids (canonical spelling); a template's list when `template` is set. */
  licences: z.array(z.string()),
  /** Account-defined proprietary ids, kept as written (not on the SPDX list). */
  customLicences: z.array(z.string()),
  projectPatterns: z.array(z.string()),
  tags: z.array(z.string()),
  template: licencePolicyTemplateSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LicencePolicyDto = z.infer<typeof licencePolicySchema>

const shortText = z.string().trim().min(1).max(200)

/**
 * Create (POST …/policies/licenses) and change (POST …/{policyId}); a change sends only what changes.
 * `template` fills name, kind and licences from a built-in template; `customLicences` marks ids that are
 * not on the SPDX list on purpose, every id in `licences` must be an SPDX id.
 */
export const licencePolicyBodySchema = z.object({
  name: shortText.optional(),
  kind: licencePolicyKindSchema.optional(),
  licences: z.array(z.string().trim().min(1).max(100)).max(2000).optional(),
  customLicences: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  projectPatterns: z.array(shortText).max(100).optional(),
  tags: z.array(shortText).max(100).optional(),
  template: licencePolicyTemplateSchema.optional(),
})
export type LicencePolicyBody = z.infer<typeof licencePolicyBodySchema>

export const licencePolicyParamsSchema = z.object({ id: z.string().min(1), policyId: z.string().min(1) })

export const licenceSearchQuerySchema = z.object({ query: z.string().optional() })
export const licenceSearchHitSchema = z.object({ id: z.string(), name: z.string() })

/** A library of a licence fix: `version` '*' for every version, '--' for an empty one (spec §5). */
export const licenceLibraryParamsSchema = z.object({
  language: z.string().min(1).max(50),
  name: z.string().min(1).max(500),
  version: z.string().max(200),
})
export const licenceFixParamsSchema = licenceLibraryParamsSchema.extend({
  license: z.string().min(1).max(100),
})

export const licenceOverrideSchema = z.object({
  language: z.string(),
  name: z.string(),
  version: z.string(),
  /** The licences that replace everything declared for the library (empty: no fix). */
  licences: z.array(z.string()),
  updatedAt: z.string().nullable(),
})
export type LicenceOverrideDto = z.infer<typeof licenceOverrideSchema>

export const copyrightQuerySchema = z.object({ text: z.string().max(10_000).optional() })
export const copyrightOverrideSchema = z.object({
  language: z.string(),
  name: z.string(),
  version: z.string(),
  /** Empty when no copyright was set (the SDK's default, accounts-and-api §8). */
  text: z.string(),
  updatedAt: z.string().nullable(),
})
export type CopyrightOverrideDto = z.infer<typeof copyrightOverrideSchema>
