// The package metadata the datasources answer and the cache stores (DESIGN §2 "Package metadata";
// issue 5 "Datasources"): one shape for npm and Maven that is both a VersionHistory (stability lanes)
// and a LicenceMetadata (licensing). Stored as jsonb; a row in an older or foreign shape is a miss.
import type { Ecosystem, LicenceMetadata, NpmPackageMetadata, VersionHistory } from '@sextant/engine'
import { isObject } from '@sextant/engine'

/** npm's parsed packument shape; Maven fills the same fields (dates unknown, licences per POM read). */
export type PackageMetadata = NpmPackageMetadata

// Compile-time proof that the shape feeds both report builders.
const _asHistory = (m: PackageMetadata): VersionHistory => m
const _asLicences = (m: PackageMetadata): LicenceMetadata => m
void _asHistory
void _asLicences

/** What the cache row's `document` holds. Bump `format` when the shape changes: old rows then refetch. */
export interface StoredDocument {
  format: 2
  metadata: PackageMetadata
  /** Maven: versions whose POM licences were read (licences of other versions are not known yet). */
  licencesRead?: string[]
  /** What the parser dropped from the registry's answer (broken fields), reported with every use. */
  warnings?: string[]
}

// 2: npm versions carry `install` (requirements, engines) for resolving package.json files.
export const DOCUMENT_FORMAT = 2

/**
 * Accepts a jsonb value as a StoredDocument. Rows are our own writes, so the check is structural
 * (format tag and the arrays the builders walk), cheap enough for thousands of rows per analysis.
 */
export function readStoredDocument(value: unknown): StoredDocument | null {
  if (!isObject(value) || value.format !== DOCUMENT_FORMAT) return null
  const m = value.metadata
  if (!isObject(m) || typeof m.name !== 'string' || !Array.isArray(m.versions)) return null
  if (!isObject(m.distTags) || !Array.isArray(m.licences)) return null
  if (value.licencesRead !== undefined && !Array.isArray(value.licencesRead)) return null
  if (value.warnings !== undefined && !Array.isArray(value.warnings)) return null
  return value as unknown as StoredDocument
}

/** A package asked for: versions matter to Maven, whose licences are read per version's POM. */
export interface MetadataKey {
  ecosystem: Ecosystem
  name: string
  version?: string
}
