// Licence policies and fixes between the wire and the engine (issue 5; product-notes "Licence policies";
// spec report-page §5): validates policy bodies (SPDX ids canonicalised, custom ids only when marked),
// turns stored policies into the engine's, and answers a project's policies and fixes for an analysis.
import type { LicenceOverrideDto, LicencePolicyBody, LicencePolicyDto } from '@sextant/contract'
import { licenceMessages } from '@sextant/contract'
import {
  applicableLicencePolicies,
  type Component,
  type CustomLicence,
  canonicalSpdxId,
  LICENCE_POLICY_TEMPLATES,
  type LicencePolicy,
  languageOfEcosystem,
  licencePolicyFromTemplate,
} from '@sextant/engine'
import type { Db } from '../../db/connection'
import { fail, ok, type Result } from '../../services/result'
import {
  type LibraryKey,
  listCopyrights,
  listOverrides,
  listPolicies,
  type PolicyFields,
  type StoredCopyright,
  type StoredOverride,
  type StoredPolicy,
} from './licences.repo'

/** An SPDX id in its canonical spelling, or a `LicenseRef-…` id (SPDX's own mark for custom ones). */
export function validLicenceId(id: string): string | null {
  const trimmed = id.trim()
  if (/^LicenseRef-[A-Za-z0-9.-]+$/.test(trimmed)) return trimmed
  return canonicalSpdxId(trimmed)
}

function canonicalList(ids: readonly string[]): Result<string[]> {
  const out: string[] = []
  for (const id of ids) {
    const canonical = validLicenceId(id)
    if (!canonical)
      return fail(
        'invalid',
        `'${id}' is not an SPDX licence id: list account-specific licences under customLicences.`,
      )
    if (!out.includes(canonical)) out.push(canonical)
  }
  return ok(out)
}

const unique = (xs: readonly string[]) => [...new Set(xs.map((x) => x.trim()))]

/** The policy a create (`base` null) or change request describes; 'invalid' for what cannot be a policy. */
export function policyFieldsFrom(body: LicencePolicyBody, base: PolicyFields | null): Result<PolicyFields> {
  const projectPatterns = unique(body.projectPatterns ?? base?.projectPatterns ?? [])
  const tags = unique(body.tags ?? base?.tags ?? [])
  const listsSent =
    body.kind !== undefined || body.licences !== undefined || body.customLicences !== undefined
  if (body.template) {
    if (listsSent)
      return fail(
        'invalid',
        'A template policy takes its kind and licences from the template: send one or the other.',
      )
    const t = LICENCE_POLICY_TEMPLATES.find((x) => x.key === body.template)!
    return ok({
      name: body.name ?? (base && base.template === body.template ? base.name : t.name),
      kind: t.kind,
      licences: [],
      customLicences: [],
      projectPatterns,
      tags,
      template: body.template,
    })
  }
  // A change of a template policy's lists makes it an ordinary one.
  const fromTemplate = base?.template && listsSent ? null : (base?.template ?? null)
  const name = body.name ?? base?.name
  const kind = body.kind ?? base?.kind
  if (!name || !kind) return fail('invalid', licenceMessages.missing)
  if (fromTemplate) return ok({ ...base!, name, projectPatterns, tags })
  const licences = canonicalList(body.licences ?? base?.licences ?? [])
  if (!licences.ok) return licences
  const customLicences = unique(body.customLicences ?? base?.customLicences ?? [])
  if (licences.value.length === 0 && customLicences.length === 0)
    return fail('invalid', 'A licence policy needs at least one licence (or a template).')
  return ok({ name, kind, licences: licences.value, customLicences, projectPatterns, tags, template: null })
}

function templateLicences(p: StoredPolicy): readonly string[] {
  return p.template
    ? (LICENCE_POLICY_TEMPLATES.find((t) => t.key === p.template)?.licences ?? [])
    : p.licences
}

export function presentPolicy(p: StoredPolicy): LicencePolicyDto {
  return {
    id: p.uuid,
    accountUuid: p.accountUuid,
    name: p.name,
    kind: p.kind,
    licences: [...templateLicences(p)],
    customLicences: p.customLicences,
    projectPatterns: p.projectPatterns,
    tags: p.tags,
    template: p.template,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }
}

export function enginePolicyOf(p: StoredPolicy): LicencePolicy {
  const binding = { id: p.uuid, name: p.name, projectPatterns: p.projectPatterns, tags: p.tags }
  if (p.template) return licencePolicyFromTemplate(p.template, binding)
  return { ...binding, kind: p.kind, licences: [...p.licences, ...p.customLicences] }
}

export interface ProjectLicensing {
  policies: LicencePolicy[]
  customLicences: CustomLicence[]
  overrideFor: (component: Component) => readonly string[] | null
  /** The copyright text set for the component's library (this version, else '*'). */
  copyrightFor: (component: Component) => string | null
}

/** The account's policies that bind the project, its custom licence ids, licence fixes and copyright texts. */
export async function projectLicensing(
  db: Db,
  accountUuid: string,
  project: { name: string; tags?: readonly string[] },
): Promise<ProjectLicensing> {
  const [stored, overrides, copyrights] = await Promise.all([
    listPolicies(db, accountUuid),
    listOverrides(db, accountUuid),
    listCopyrights(db, accountUuid),
  ])
  return licensingOf({ policies: stored, overrides, copyrights }, project)
}

/** projectLicensing from the account's stored policies, fixes and copyright texts, already read. */
export function licensingOf(
  account: {
    policies: readonly StoredPolicy[]
    overrides: readonly StoredOverride[]
    copyrights: readonly StoredCopyright[]
  },
  project: { name: string; tags?: readonly string[] },
): ProjectLicensing {
  const { policies: stored, overrides, copyrights } = account
  const policies = applicableLicencePolicies(stored.map(enginePolicyOf), project)
  const customIds = new Set(stored.flatMap((p) => p.customLicences))
  const fixes = new Map(overrides.map((o) => [libraryKeyString(o), o.licences]))
  const texts = new Map(copyrights.map((c) => [libraryKeyString(c), c.text]))
  /** The entry for the component's exact version, else the one for every version ('*'). */
  const lookup = <T>(entries: Map<string, T>, c: Component): T | null => {
    const language = languageOfEcosystem(c.ecosystem)
    return (
      entries.get(libraryKeyString({ language, name: c.name, version: storedVersion(c.version) })) ??
      entries.get(libraryKeyString({ language, name: c.name, version: '*' })) ??
      null
    )
  }
  return {
    policies,
    customLicences: [...customIds].map((id) => ({ id })),
    overrideFor: (c) => lookup(fixes, c),
    copyrightFor: (c) => lookup(texts, c) || null,
  }
}

/** An empty version is stored as '--' (spec report-page §5); '*' means every version. */
export function storedVersion(version: string | undefined | null): string {
  const v = (version ?? '').trim()
  return v === '' ? '--' : v
}

const libraryKeyString = (k: LibraryKey) => `${k.language}\u0000${k.name}\u0000${k.version}`

export function presentOverride(key: LibraryKey, stored: StoredOverride | null): LicenceOverrideDto {
  return {
    language: key.language,
    name: key.name,
    version: key.version,
    licences: stored?.licences ?? [],
    updatedAt: stored?.updatedAt?.toISOString() ?? null,
  }
}
