// Public surface of the advisory knowledge base (DESIGN §4 advisories; issue 9): OSV parsing,
// the index, matching, identifiers, severity, safe versions and the report's Advice.
export { type AdviceContext, fixedInVersions, linkTypeOf, toAdvice } from './advice'
export {
  type AdvisoryIndex,
  advisoryKey,
  buildAdvisoryIndex,
  lookupEntries,
  matchPackage,
  matchRecords,
  type PackageVersion,
} from './advisory-index'
export {
  aliasesOf,
  cveFirst,
  cveOf,
  cvesOf,
  cweIdsOf,
  groupByAlias,
  identifiersOf,
  primaryOf,
} from './aliases'
export {
  type CompiledEntry,
  type CompiledEvent,
  type CompiledRange,
  compileEntry,
  compilePackageEntries,
} from './compile'
export { ecosystemOfOsv, normalisePackageName, osvEcosystemOf } from './ecosystems'
export {
  type AdvisoryHit,
  type MatchResult,
  matchEntries,
  type UndecidedAdvisory,
  type Verdict,
} from './match'
export { npmVulnerableVersions } from './npm-range'
export {
  type OsvParseBatch,
  type OsvParseResult,
  parseOsvJson,
  parseOsvJsonl,
  parseOsvRecord,
  parseOsvRecords,
} from './osv/schema'
export type {
  OsvAffected,
  OsvEvent,
  OsvEventKind,
  OsvPackage,
  OsvRange,
  OsvRecord,
  OsvReference,
  OsvSeverity,
  OsvWarning,
} from './osv/types'
export {
  computeSafeVersions,
  type SafeVersionsQuery,
  safeVersionsFor,
  safeVersionsFromIndex,
} from './safe-versions'
export {
  type CvssScore,
  type CvssVersion,
  cvssScores,
  normaliseDatabaseSeverity,
  preferredCvss,
  scoreCvss,
  severityOf,
  severityOfScore,
} from './severity'
export { type ReadVersion, readVersion, type SchemeLookup, schemeForRange } from './versions'
