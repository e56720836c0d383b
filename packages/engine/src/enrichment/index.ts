// Public surface of the enrichment parsers (DESIGN §4 advisories "EPSS, KEV, CWE"; issue 9 "Enrichment"):
// FIRST's EPSS CSV, CISA's KEV JSON and MITRE's CWE list, pure and lenient; the server stores what they read.
export { type CsvComment, type CsvRow, readCsv } from './csv'
export { cweNumberOf, parseCweCsv } from './cwe'
export { parseEpssCsv } from './epss'
export { parseKevJson } from './kev'
export type { CweEntry, EnrichmentParse, EpssScore, KevEntry } from './types'
