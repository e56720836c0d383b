// One component's licensing verdict (spec report-page §3 Licensing result: licenses, warnings,
// violations): normalise what was declared, describe each licence, evaluate the policies.
// Undeclared and wholly unrecognised licences both count as "undeclared" for the score and summary.
import type { LicenceRef } from '../report/document'
import type { CustomLicence } from './catalogue'
import { describeLicence, UNDECLARED_LICENCE } from './catalogue'
import type { LicenceViolation } from './evaluate'
import { evaluateLicencePolicies } from './evaluate'
import { licenceLeaves } from './expression'
import type { NormalisedLicence } from './normalise'
import { normaliseLicence } from './normalise'
import type { LicencePolicy } from './policy'

export interface LicenceAssessment {
  normalised: NormalisedLicence
  licences: LicenceRef[]
  warnings: string[]
  violations: LicenceViolation[]
  /** Nothing valid declared: the report shows 'NOT DECLARED / NOT FOUND'. */
  undeclared: boolean
  /** Some applicable policy forbids the licence. */
  forbidden: boolean
}

export interface AssessLicenceOptions {
  customLicences?: readonly CustomLicence[]
}

/** `declared` is anything normaliseLicence accepts, or an already normalised licence. */
export function assessLicence(
  declared: unknown,
  policies: readonly LicencePolicy[],
  options: AssessLicenceOptions = {},
): LicenceAssessment {
  const normalised = isNormalised(declared) ? declared : normaliseLicence(declared, options)
  const custom = options.customLicences ?? []
  const licences =
    normalised.expression === null
      ? [UNDECLARED_LICENCE]
      : licenceLeaves(normalised.expression).map((l) => describeLicence(l, custom))
  const evaluation = evaluateLicencePolicies(normalised, policies)
  return {
    normalised,
    licences,
    warnings: [...normalised.warnings, ...evaluation.warnings],
    violations: evaluation.violations,
    undeclared: normalised.status !== 'declared',
    forbidden: evaluation.violations.length > 0,
  }
}

function isNormalised(v: unknown): v is NormalisedLicence {
  return typeof v === 'object' && v !== null && 'status' in v && 'expression' in v && 'warnings' in v
}
