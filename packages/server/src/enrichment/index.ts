// Enrichment (DESIGN §4 advisories "EPSS, KEV, CWE"; issue 9 "Enrichment"): what the runtime, the
// analysis and the CLI use of it. Routes are registered by http/app.ts.
export {
  type EnrichmentImportResult,
  formatEnrichmentWarning,
  importEnrichment,
} from './import.service'
export { configuredEnrichmentSources, ENRICHMENT_KINDS, type EnrichmentSource } from './sources'
export { importEnrichmentSource } from './standalone'
export { createEnrichmentStore, type EnrichmentAnswer, type EnrichmentStore } from './store'
export { ENRICHMENT_SYNC_QUEUE, runEnrichmentSync } from './sync.job'
