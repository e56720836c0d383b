// What the enrichment imports produce (DESIGN §4 advisories "EPSS, KEV, CWE"; spec report-page §3 Advice
// epss and kevEntry, §7 GET /api/v1/vulns/cwe): one row type per source, and the parse result shape
// they share: rows kept, bad lines dropped as warnings naming file and line.
import type { Warning } from '../model'

/** One FIRST EPSS score: `epss` and `percentile` are fractions 0-1. */
export interface EpssScore {
  cve: string
  epss: number
  /** Null in files of the first model, which had no percentile column. */
  percentile: number | null
}

/**
 * One CISA KEV catalogue entry. `exploited` is our rule for the page's two badge states: true (badge
 * "Exploited") when CISA marks known use in ransomware campaigns (`knownRansomwareCampaignUse` is
 * 'Known'), false (badge "Listed") for every other catalogue entry. Every KEV entry has been exploited
 * somewhere; "Exploited" singles out the ones used in campaigns, the strongest signal CISA publishes.
 */
export interface KevEntry {
  cve: string
  /** YYYY-MM-DD, as CISA writes it; null when missing or not a date. */
  dateAdded: string | null
  exploited: boolean
  vendorProject: string | null
  product: string | null
  name: string | null
}

/** One CWE entry: `id` is the number (79 for CWE-79). */
export interface CweEntry {
  id: number
  name: string
  description: string | null
}

export interface EnrichmentParse<Row> {
  rows: Row[]
  warnings: Warning[]
  /** Lines or entries dropped (each has a warning; other warnings keep their row). */
  skipped: number
  /** The snapshot's own version: EPSS score date, KEV catalogVersion; null when the file has none. */
  version: string | null
}
