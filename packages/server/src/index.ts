// @sextant/server: Fastify HTTP API, auth, storage (PostgreSQL dialect), background jobs (DESIGN §1).

export {
  type AdvisoryStore,
  createAdvisoryStore,
  decodeListCursor,
  formatWarning,
  type ImportResult,
  importAdvisorySource,
  type LocalAdvisories,
  readLocalAdvisories,
  SourceError,
  type SourceImportResult,
} from './advisories'
export type { Config } from './config'
export { ConfigError, loadConfig } from './config'
export { type OpenedDatabase, openDatabase } from './db/open'
export { type EnrichmentImportResult, formatEnrichmentWarning, importEnrichmentSource } from './enrichment'
export { createOutboundClient, type OutboundClient } from './http-client'
export { createMetadataSource, type MetadataSource } from './metadata'
export type { RunningSextant, StartOptions } from './runtime'
export { startSextant } from './runtime'
export { type CliAccess, readLocalCliAccess } from './services/local-cli-access'
