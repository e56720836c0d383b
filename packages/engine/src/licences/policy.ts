// Licence policies (product-notes "Licence policies"; issue 5): account-level DENY and ALLOW lists of
// SPDX ids plus custom proprietary ids, applied to projects chosen by name pattern or by tag.
// All applicable policies combine; a policy with neither patterns nor tags applies to every project.

export type LicencePolicyKind = 'DENY' | 'ALLOW'

export interface LicencePolicy {
  id?: string
  /** Shown in the report as a violation's `policyName`. */
  name: string
  /** DENY: the listed licences are forbidden. ALLOW: only the listed licences are permitted. */
  kind: LicencePolicyKind
  /** SPDX ids (deprecated ones accepted: GPL-2.0 means GPL-2.0-only) or custom ids. */
  licences: readonly string[]
  /** Project-name patterns, `*` any run of characters, `?` one; case-insensitive, whole name. */
  projectPatterns?: readonly string[]
  /** Project tags, case-insensitive. */
  tags?: readonly string[]
}

export interface PolicyProject {
  name: string
  tags?: readonly string[]
}

/** True when the policy binds this project (by name pattern or by tag; unbound = every project). */
export function licencePolicyApplies(policy: LicencePolicy, project: PolicyProject): boolean {
  const patterns = policy.projectPatterns ?? []
  const tags = policy.tags ?? []
  if (patterns.length === 0 && tags.length === 0) return true
  if (patterns.some((p) => matchesProjectPattern(p, project.name))) return true
  const own = new Set((project.tags ?? []).map((t) => t.toLowerCase()))
  return tags.some((t) => own.has(t.toLowerCase()))
}

export function applicableLicencePolicies(
  policies: readonly LicencePolicy[],
  project: PolicyProject,
): LicencePolicy[] {
  return policies.filter((p) => licencePolicyApplies(p, project))
}

/** Glob match of a project name: `acme-*` matches `acme-web`; no other metacharacters. */
export function matchesProjectPattern(pattern: string, name: string): boolean {
  const escaped = pattern
    .trim()
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${escaped}$`, 'i').test(name.trim())
}
