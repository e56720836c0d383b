// Instance licences (spec accounts-and-api §7 "Licence server": GET /api/v1/license, POST
// /api/v1/license/{id}/activate and /release; issue 17). Our reading, as the issue asks: the operator of a
// self-hosted server installs licence files signed with Ed25519 by the licence issuer (the public key is
// configured, SEXTANT_LICENCE_PUBLIC_KEY); each grants a plan and a number of seats (members) until it
// expires. Activating one assigns it to an account, whose plan and features become the licence's plan's;
// releasing it gives the account back the plan and features it had. With none installed every account
// runs the self-hosted plan with all its features. Verification is offline: nothing is called.
//
// A licence file is JSON: {"licence": {"id", "licensee", "plan", "seats", "issuedAt", "expiresAt"},
// "signature": base64 Ed25519 signature of the UTF-8 bytes of the licence object's canonical JSON (keys
// sorted, no spaces)}.
import { z } from 'zod'

export const licenceTermsSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'licence.id is 1 to 64 letters, digits, dots, dashes or underscores.'),
  licensee: z.string().min(1).max(200),
  plan: z.string().min(1).max(64),
  seats: z.number().int().min(1).max(1_000_000),
  issuedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
})
export type LicenceTerms = z.infer<typeof licenceTermsSchema>

export const licenceFileSchema = z.object({
  licence: licenceTermsSchema,
  signature: z.string().min(1).max(200),
})
export type LicenceFile = z.infer<typeof licenceFileSchema>

/** The bytes a licence's signature covers: its canonical JSON (keys sorted, no spaces). */
export function canonicalLicence(terms: LicenceTerms): string {
  const sorted = Object.fromEntries(Object.entries(terms).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return JSON.stringify(sorted)
}

export const instanceLicenceSchema = licenceTermsSchema.extend({
  installedAt: z.string(),
  /** The account it is activated for; null while free. */
  accountUuid: z.string().nullable(),
  activatedAt: z.string().nullable(),
  expired: z.boolean(),
})
export type InstanceLicence = z.infer<typeof instanceLicenceSchema>

export const instanceLicencesSchema = z.object({
  /** Whether a licence key is configured (without one no licence can be installed). */
  keyConfigured: z.boolean(),
  /** 'unlicensed': none installed, every account runs the self-hosted plan with all features. */
  mode: z.enum(['unlicensed', 'licensed']),
  licences: z.array(instanceLicenceSchema),
})
export type InstanceLicences = z.infer<typeof instanceLicencesSchema>

/** Installing: the licence file's text as the issuer sent it. */
export const licenceInstallBodySchema = z.object({
  file: z.string({ message: 'file is the text of a licence file (JSON).' }).min(1).max(16_384),
})
export const licenceIdParamsSchema = z.object({ id: z.string().min(1).max(64) })
export const licenceActivateQuerySchema = z.object({
  account: z.uuid({ message: 'account is the uuid of the account the licence is for.' }),
})
