// Evaluates a licence expression against every applicable policy (product-notes "Licence policies";
// issue 5 acceptance 3): OR passes when any branch passes, AND only when all do. An unrecognised
// licence is never a violation: the verdict is "unknown" and the result carries a warning instead.
import type { LicenceExpression, LicenceLeaf } from './expression'
import { formatLicenceLeaf, parseSpdxExpression } from './expression'
import type { NormalisedLicence } from './normalise'
import type { LicencePolicy } from './policy'

export interface LicenceViolation {
  policyName: string
  /** The licence (leaf) the policy forbids, e.g. `GPL-3.0-only`. */
  licence: string
}

export interface LicenceEvaluation {
  violations: LicenceViolation[]
  warnings: string[]
}

type Verdict = 'pass' | 'fail' | 'unknown'

interface Judged {
  verdict: Verdict
  /** Leaves that made it fail (for `fail`) or left it open (for `unknown`). */
  culprits: LicenceLeaf[]
}

/** Lower-cased keys a policy lists: as written, and as normalised (GPL-2.0 → GPL-2.0-only). */
function policyKeys(policy: LicencePolicy): Set<string> {
  const keys = new Set<string>()
  for (const entry of policy.licences) {
    keys.add(entry.trim().toLowerCase())
    const parsed = parseSpdxExpression(entry)
    if (parsed?.kind === 'licence') {
      keys.add(parsed.id.toLowerCase())
      keys.add(formatLicenceLeaf(parsed).toLowerCase())
    }
  }
  return keys
}

/** A leaf is listed when its full text (with exception) or its base id is on the list. */
function isListed(leaf: LicenceLeaf & { kind: 'licence' }, keys: Set<string>): boolean {
  return keys.has(formatLicenceLeaf(leaf).toLowerCase()) || keys.has(leaf.id.toLowerCase())
}

function judge(e: LicenceExpression, policy: LicencePolicy, keys: Set<string>): Judged {
  if (e.kind === 'unrecognised') return { verdict: 'unknown', culprits: [e] }
  if (e.kind === 'licence') {
    const listed = isListed(e, keys)
    const pass = policy.kind === 'DENY' ? !listed : listed
    return pass ? { verdict: 'pass', culprits: [] } : { verdict: 'fail', culprits: [e] }
  }
  const parts = e.terms.map((t) => judge(t, policy, keys))
  const decisive: Verdict = e.kind === 'or' ? 'pass' : 'fail'
  if (parts.some((p) => p.verdict === decisive)) {
    const culprits =
      decisive === 'fail' ? parts.filter((p) => p.verdict === 'fail').flatMap((p) => p.culprits) : []
    return { verdict: decisive, culprits }
  }
  const open = parts.filter((p) => p.verdict === 'unknown')
  if (open.length > 0) return { verdict: 'unknown', culprits: open.flatMap((p) => p.culprits) }
  // every term has the non-decisive verdict: OR of fails fails, AND of passes passes
  return { verdict: e.kind === 'or' ? 'fail' : 'pass', culprits: parts.flatMap((p) => p.culprits) }
}

/**
 * Violations (one per policy and forbidden licence) and warnings for one declared licence.
 * Undeclared licences yield neither here: normalisation already warned 'No valid license found!'.
 */
export function evaluateLicencePolicies(
  licence: NormalisedLicence | LicenceExpression | null,
  policies: readonly LicencePolicy[],
): LicenceEvaluation {
  const expression = licence && 'status' in licence ? licence.expression : licence
  const out: LicenceEvaluation = { violations: [], warnings: [] }
  if (!expression) return out
  for (const policy of policies) {
    const { verdict, culprits } = judge(expression, policy, policyKeys(policy))
    const names = [...new Set(culprits.map(formatLicenceLeaf))]
    if (verdict === 'fail') {
      for (const n of names) out.violations.push({ policyName: policy.name, licence: n })
    } else if (verdict === 'unknown') {
      for (const n of names)
        out.warnings.push(`License "${n}" could not be checked against policy "${policy.name}"`)
    }
  }
  return out
}
