// The advisory store as the analysis sees it (DESIGN §2 "advisory store", §4 step 4 "Enrich"): the
// records of a whole graph in one indexed query, whether anything was imported yet, and what it holds.
import type { OsvRecord } from '@sextant/engine'
import type { Db } from '../db/connection'
import {
  type AdvisoryCounts,
  countAdvisories,
  hasAdvisories,
  type PackageKey,
  recordsFor,
} from './advisories.repo'

export interface AdvisoryStore {
  /** Every stored OSV record naming one of these packages (names are normalised per ecosystem). */
  recordsFor(keys: readonly PackageKey[]): Promise<OsvRecord[]>
  /** True before the first import: an analysis then reports security as not assessed, not as clean. */
  isEmpty(): Promise<boolean>
  stats(): Promise<AdvisoryCounts>
}

export function createAdvisoryStore(db: Db): AdvisoryStore {
  return {
    recordsFor: (keys) => recordsFor(db, keys),
    isEmpty: async () => !(await hasAdvisories(db)),
    stats: () => countAdvisories(db),
  }
}
