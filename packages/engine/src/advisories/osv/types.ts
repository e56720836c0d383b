// The typed OSV record (DESIGN §4 advisories; https://ossf.github.io/osv-schema/), as the parser in
// ./schema.ts produces it: OSV's fields in camelCase, events as {kind, version}, absent lists empty.

export type OsvEventKind = 'introduced' | 'fixed' | 'last_affected' | 'limit'

export interface OsvEvent {
  kind: OsvEventKind
  /** As written in the record: may be '0', empty or not a version at all (see match.ts). */
  version: string
}

export interface OsvRange {
  /** 'SEMVER' | 'ECOSYSTEM' | 'GIT'; other values are kept and never evaluated. */
  type: string
  repo: string | null
  events: OsvEvent[]
}

export interface OsvPackage {
  /** OSV ecosystem name ('npm', 'Maven', 'PyPI', 'GitHub Actions', ...). */
  ecosystem: string
  name: string
  purl: string | null
}

export interface OsvAffected {
  package: OsvPackage
  ranges: OsvRange[]
  /** Explicitly enumerated affected versions. */
  versions: string[]
  /** GitHub's `database_specific.last_known_affected_version_range` (e.g. '<= 1.4.2'), informative. */
  lastKnownAffectedVersionRange: string | null
  databaseSpecific: Readonly<Record<string, unknown>>
  ecosystemSpecific: Readonly<Record<string, unknown>>
}

export interface OsvSeverity {
  /** 'CVSS_V2' | 'CVSS_V3' | 'CVSS_V4' | 'Ubuntu' | ... */
  type: string
  /** A vector for CVSS types; may be empty in real data. */
  score: string
}

export interface OsvReference {
  type: string
  url: string
}

export interface OsvRecord {
  id: string
  modified: string | null
  published: string | null
  /** Set on withdrawn records: kept, never matched. */
  withdrawn: string | null
  aliases: string[]
  related: string[]
  summary: string
  details: string
  severity: OsvSeverity[]
  affected: OsvAffected[]
  references: OsvReference[]
  /** `database_specific.cwe_ids` (e.g. 'CWE-79'). */
  cweIds: string[]
  /** `database_specific.severity` as written ('HIGH', 'moderate', ...). */
  databaseSeverity: string | null
  databaseSpecific: Readonly<Record<string, unknown>>
}

export interface OsvWarning {
  /** The record's id when it had one. */
  id: string | null
  /** Source file and 1-based line, when parsing a file. */
  file?: string
  line?: number
  message: string
}
