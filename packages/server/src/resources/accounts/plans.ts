// Features and plans (spec accounts-and-api §6 "Plan 'opensource' or absence of the teams feature turns
// the members feature on", §5 "Feature updates omit the 'members' feature"; §7 features, plans;
// report-page §6 account flags: licenses, nextsafe, sbom, advancedsboms, securecodewarrior, pdf, chai,
// jira). The catalogue is ours: the spec shows no payloads. A new account gets its plan's features
// (the column default of migration 055 is `planFeatures('self-hosted')`, checked by plans.test.ts).
import type { FeatureName } from '@sextant/contract'

export const features: { name: FeatureName; description: string }[] = [
  {
    name: 'members',
    description: 'Account-wide members list (on for opensource plans and accounts without teams).',
  },
  { name: 'teams', description: 'Teams with their own members, roles and projects.' },
  { name: 'jira', description: 'Issue-tracker integration.' },
  { name: 'slack', description: 'Chat-channel notifications.' },
  { name: 'rkvst', description: 'Asset-tracking integration.' },
  { name: 'datadog', description: 'Metrics integration.' },
  { name: 'isaac', description: 'Policies of the assistant service.' },
  { name: 'pdf', description: 'PDF report downloads (otherwise the report downloads as JSON).' },
  {
    name: 'chai',
    description:
      'The AI assistant on advice cards (answers from the advisory data alone until SEXTANT_ASSISTANT_URL names a model).',
  },
  { name: 'licenses', description: 'Licence actions on reports: fix licences, edit copyright texts.' },
  { name: 'nextsafe', description: 'Safe versions of vulnerable components, per upgrade lane.' },
  { name: 'sbom', description: 'The dependency tree (SBOM view) of a report.' },
  {
    name: 'advancedsboms',
    description: 'SBOM downloads: CycloneDX JSON/XML, SPDX, CSV, VEX and the licence bible.',
  },
  {
    name: 'securecodewarrior',
    description: "'Learn more' on advice cards: the weakness (CWE) behind a vulnerability.",
  },
]

/** What every plan of a full self-hosted server offers: every feature that works on this server. */
const EVERYTHING: readonly FeatureName[] = [
  'teams',
  'jira',
  'slack',
  'rkvst',
  'datadog',
  'pdf',
  'isaac',
  'chai',
  'licenses',
  'nextsafe',
  'sbom',
  'advancedsboms',
  'securecodewarrior',
]

export const plans: { name: string; description: string; features: readonly FeatureName[] }[] = [
  {
    name: 'opensource',
    description: 'Public projects of open-source maintainers.',
    features: ['pdf', 'licenses', 'nextsafe', 'sbom'],
  },
  {
    name: 'self-hosted',
    description: 'Everything this server offers, for one organisation.',
    features: EVERYTHING,
  },
  {
    name: 'team',
    description: 'One team, no sub-teams.',
    features: ['jira', 'slack', 'pdf', 'licenses', 'nextsafe', 'sbom', 'advancedsboms'],
  },
  {
    name: 'enterprise',
    description: 'Teams and every integration.',
    features: EVERYTHING,
  },
]

/** The §6 rule on top of the features asked for: 'members' is never set directly. */
export function withMembersRule(plan: string, requested: string[]): string[] {
  const set = new Set(requested.filter((f) => f !== 'members'))
  if (plan === 'opensource' || !set.has('teams')) set.add('members')
  return features.map((f) => f.name).filter((n) => set.has(n))
}

/** The features an account on `plan` has until an administrator changes them. */
export function planFeatures(plan: string): string[] {
  return withMembersRule(plan, [...(plans.find((p) => p.name === plan)?.features ?? [])])
}

export function isFeature(name: string): boolean {
  return features.some((f) => f.name === name)
}
