// The advisory store (DESIGN §2, §3 `advisories.sync`, §4 advisories; issue 9): what the analysis, the
// runtime and the CLI use of it. Routes are registered by http/app.ts.
export type { AdvisoryCounts, PackageKey } from './advisories.repo'
export { formatWarning, type ImportOptions, type ImportResult, importAdvisories } from './import.service'
export { decodeListCursor } from './list-cursor'
export { type LocalAdvisories, readLocalAdvisories } from './local-records'
export { defaultImportLimits, type ImportLimits, SourceError } from './readers'
export { readAdvisorySnapshot, snapshotOf } from './snapshot'
export { type AdvisorySource, configuredSources, DEFAULT_ADVISORY_SOURCES } from './sources'
export { importAdvisorySource, type SourceImportResult } from './standalone'
export { type AdvisoryStore, createAdvisoryStore } from './store'
export {
  ADVISORY_SYNC_QUEUE,
  type AdvisorySyncJobData,
  queueAdvisorySync,
  runAdvisorySync,
} from './sync.job'
