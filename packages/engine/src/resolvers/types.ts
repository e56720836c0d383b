// The resolver interface (DESIGN §1 "Resolve", §4; issue 18 "one plugin registry"): the multi-file
// variant of an extractor. It reads a whole build (a Maven reactor, a Gradle build, a package.json
// without lockfile) through the datasources it names, and never touches the file system itself.
import type { MavenRepository } from '../datasources/maven-repository'
import type { FileError } from '../extractors/types'
import type { DependencyGraph, FilePluginInfo, ProjectGroup, Warning } from '../model'
import type { IdealTreeLimits, PackumentSource } from './npm/ideal-tree'
import type { PickOptions } from './npm/pick'

/** The clients of the datasources resolvers read through, by datasource registry id; each optional. */
export interface ResolverDeps {
  /** Parents, BOMs and transitive POMs; its in-memory cache lives as long as the object. */
  'maven-repository'?: MavenRepository
  /** Packuments, and the Node.js and npm whose install choices are reproduced. */
  npm?: { packuments: PackumentSource; pick: PickOptions; limits?: Partial<IdealTreeLimits> }
}

/** What a resolver sees of one upload or checkout. */
export interface ResolverProject {
  /** Every root-relative path, normalised. */
  paths: readonly string[]
  readFile(path: string): string | null
  /** Its manifests that no lockfile pins (the scanner's `manifest` groups; see `lockfile`). */
  manifests: readonly string[]
}

export interface ResolvedBuilds {
  graphs: DependencyGraph[]
  warnings: Warning[]
  errors: FileError[]
  /** Root-relative paths of the files read. */
  files: string[]
  /** Sub-projects for the report, merged with the scanner's by folder and kind. */
  groups: ProjectGroup[]
  /** Manifests resolved: the extraction's `lockfile.unresolvedNote` on them is dropped. */
  resolved: string[]
}

export interface Resolver extends FilePluginInfo {
  kind: 'manifest'
  /**
   * Set when a lockfile of the same ecosystem pins what resolving a manifest would compute (npm):
   * a manifest beside one (or listed by a workspace root that has one) joins the lockfile's
   * sub-project; one without is a `manifest` group, noted as unresolved until this resolver runs.
   */
  lockfile?: {
    unresolvedNote: string
    /** Globs of the workspace members a folder's files declare (none: `[]`). */
    workspaces(dir: string, readFile: (path: string) => string | null): string[]
  }
  /** Name and version of the project its manifest at the upload's root declares; `null` if none. */
  projectName?(readFile: (path: string) => string | null): { name: string; version: string | null } | null
  /** Files the single-file extractors leave to it (a Gradle build's scripts, read with its BOMs). */
  claims?(paths: readonly string[]): string[]
  /** The root file of each build it would resolve here; empty when there is nothing for it. */
  builds(project: ResolverProject): string[]
  /** Resolves every build; bad content and unreachable datasources are warnings, never a throw. */
  extractAll(project: ResolverProject, deps: ResolverDeps): Promise<ResolvedBuilds>
}

/** An empty result, for resolvers to fill. */
export function noBuilds(): ResolvedBuilds {
  return { graphs: [], warnings: [], errors: [], files: [], groups: [], resolved: [] }
}
