// Account configuration (spec accounts-and-api §3 "configuration.analysisScopes (default all for each
// domain)", §9; product-notes "Scores": thresholds 90/80/95, scoring by CVSS or by severity,
// auto-mitigation thresholds EPSS/CVSS/severity). Stored whole; defaults fill whatever is missing.
import { type AccountConfiguration, configurationSchema, scopeNames } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { saveConfiguration, storedConfiguration } from './accounts.repo'

const all = [...scopeNames]

export const defaultConfiguration: AccountConfiguration = {
  analysisScopes: { security: all, stability: all, licensing: all },
  thresholds: { security: 90, stability: 80, licensing: 95 },
  scoringAlgorithm: 'cvss',
  autoMitigation: { epss: null, cvss: null, severity: null },
  partialAssessmentFailsGate: true,
}

type Stored = Partial<{
  [K in keyof AccountConfiguration]: AccountConfiguration[K] extends object
    ? Partial<AccountConfiguration[K]>
    : AccountConfiguration[K]
}>

export function mergeConfiguration(base: AccountConfiguration, change: Stored): AccountConfiguration {
  return {
    analysisScopes: { ...base.analysisScopes, ...change.analysisScopes },
    thresholds: { ...base.thresholds, ...change.thresholds },
    scoringAlgorithm: change.scoringAlgorithm ?? base.scoringAlgorithm,
    autoMitigation: { ...base.autoMitigation, ...change.autoMitigation },
    partialAssessmentFailsGate: change.partialAssessmentFailsGate ?? base.partialAssessmentFailsGate,
  }
}

export async function readConfiguration(db: Db, accountUuid: string): Promise<AccountConfiguration> {
  return configurationOf(await storedConfiguration(db, accountUuid))
}

/** The configuration in force from the account's stored column (null: none stored), defaults filled in. */
export function configurationOf(column: unknown): AccountConfiguration {
  const stored = (column ?? {}) as Stored
  // Stored JSON is ours, but parse it anyway: a hand-edited row must not leak a bad shape.
  const merged = configurationSchema.safeParse(mergeConfiguration(defaultConfiguration, stored))
  return merged.success ? merged.data : defaultConfiguration
}

export async function writeConfiguration(
  db: Db,
  accountUuid: string,
  change: Stored,
): Promise<AccountConfiguration> {
  const next = mergeConfiguration(await readConfiguration(db, accountUuid), change)
  await saveConfiguration(db, accountUuid, next)
  return next
}
