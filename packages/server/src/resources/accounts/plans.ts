// Features and plans (spec accounts-and-api §6 "Plan 'opensource' or absence of the teams feature turns
// the members feature on", §5 "Feature updates omit the 'members' feature"; §7 features, plans). The
// catalogue is ours: the spec shows no payloads.
import type { featureNames } from '@sextant/contract'

export const features: { name: (typeof featureNames)[number]; description: string }[] = [
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
  { name: 'pdf', description: 'PDF report downloads.' },
  {
    name: 'chai',
    description: 'The AI assistant on advice cards (needs SEXTANT_ASSISTANT_URL on the server).',
  },
]

export const plans = [
  { name: 'opensource', description: 'Public projects of open-source maintainers.', features: ['pdf'] },
  {
    name: 'self-hosted',
    description: 'Everything this server offers, for one organisation.',
    features: ['teams', 'jira', 'slack', 'pdf', 'isaac', 'chai'],
  },
  { name: 'team', description: 'One team, no sub-teams.', features: ['jira', 'slack', 'pdf'] },
  {
    name: 'enterprise',
    description: 'Teams and every integration.',
    features: ['teams', 'jira', 'slack', 'rkvst', 'datadog', 'isaac', 'pdf', 'chai'],
  },
] as const

/** The §6 rule on top of the features asked for: 'members' is never set directly. */
export function withMembersRule(plan: string, requested: string[]): string[] {
  const set = new Set(requested.filter((f) => f !== 'members'))
  if (plan === 'opensource' || !set.has('teams')) set.add('members')
  return features.map((f) => f.name).filter((n) => set.has(n))
}

export function isFeature(name: string): boolean {
  return features.some((f) => f.name === name)
}
