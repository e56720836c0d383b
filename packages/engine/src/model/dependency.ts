// The dependency graph every extractor and resolver produces (DESIGN §1 "Extract", §4 model).
// One Component per distinct purl; edges say who requires whom; `root` is the project itself.
import type { Ecosystem } from './ecosystem'
import type { ComponentHash } from './hash'
import type { Purl } from './purl'

/** prod = shipped (compile/runtime); the rest are non-production (spec's "Production" scope filter). */
export type Scope = 'prod' | 'dev' | 'test' | 'provided' | 'optional'

/** Where the component came from: the registry, or a source that is not (kept, marked). */
export type ComponentSource =
  | 'registry'
  | 'link'
  | 'file'
  | 'git'
  | 'tarball'
  | 'workspace'
  | 'sbom'
  | 'unknown'

export interface Location {
  /** Path relative to the project root, `/`-separated. */
  file: string
  /** 1-based line, where the format has lines. */
  line?: number
}

export interface Component {
  purl: Purl
  ecosystem: Ecosystem
  /** Ecosystem-native name (`@scope/name`, `group:artifact`). */
  name: string
  version: string
  scope: Scope
  /** Required by the root (or a workspace member) itself. */
  direct: boolean
  source: ComponentSource
  locations: Location[]
  /** Licences declared by the input itself (SBOM, lockfile), as SPDX expressions or names. */
  declaredLicences?: string[]
  /** Digests of the package file the input gave (lockfile integrity, SBOM hashes or checksums). */
  hashes?: ComponentHash[]
  /** The supplier an SBOM names for the component (CycloneDX supplier.name, SPDX PackageSupplier). */
  supplier?: string
  /**
   * The version was chosen by Sextant's own resolution (a package.json without a lockfile, resolved
   * the way npm would against the registry today), not read from a lockfile or SBOM.
   */
  resolvedBySextant?: true
  /**
   * Read from an SBOM that carries no dependency graph: whether it is direct or transitive is not known
   * (it is marked direct only so that it stays reachable from the root).
   */
  relationshipUnknown?: true
}

/** `from` is a component purl or ROOT. */
export interface Edge {
  from: Purl | typeof ROOT
  to: Purl
}

export const ROOT = 'root' as const

export interface DependencyGraph {
  root: { name: string; version: string | null }
  components: Component[]
  edges: Edge[]
}

/**
 * What a warning leaves out of the report (issue 14: a report with such a warning is PARTIAL):
 * incomplete-graph = dependencies missing or unresolved (a POM, parent or BOM not fetched, a version not
 * resolved, a package.json without a lockfile); skipped-input = a file or an entry skipped.
 */
export type WarningGap = 'incomplete-graph' | 'skipped-input'

/** A problem with the input that did not stop extraction: it names file and, where known, line. */
export interface Warning {
  file: string
  line?: number
  message: string
  /** Set when the problem leaves part of the project unassessed; absent for notes that lose nothing. */
  gap?: WarningGap
}
