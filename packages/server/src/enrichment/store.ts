// Enrichment as the analysis sees it (DESIGN §1 "Enrich"; spec report-page §3 Advice epss, kevEntry):
// EPSS fractions and KEV entries of a report's CVEs, one query per table per analysis.
import type { Db } from '../db/connection'
import { epssOf, kevOf } from './enrichment.repo'

export interface EnrichmentAnswer {
  epss: Map<string, number>
  kev: Map<string, { cve: string; exploited: boolean }>
}

export interface EnrichmentStore {
  enrichmentFor(cves: readonly string[]): Promise<EnrichmentAnswer>
}

export function createEnrichmentStore(db: Db): EnrichmentStore {
  return {
    async enrichmentFor(cves) {
      const unique = [...new Set(cves.map((c) => c.toUpperCase()))]
      const [epss, kev] = await Promise.all([epssOf(db, unique), kevOf(db, unique)])
      return { epss, kev }
    },
  }
}
