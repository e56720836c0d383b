// What every registered plugin says about itself (issue 18 "one plugin registry"; STYLE rule 2):
// extractors, resolvers and datasources each name their ecosystem, and readers of files say which
// kind of file they read and which datasources they need, so the pipeline walks them generically.
import type { Ecosystem } from './ecosystem'

/**
 * `lockfile`: pins the whole tree (package-lock.json, gradle.lockfile). `manifest`: declares
 * dependencies that need resolving (pom.xml, build.gradle, a package.json without lockfile).
 * `sbom`: an inventory made by another tool (CycloneDX, SPDX), of any ecosystem.
 */
export type PluginKind = 'lockfile' | 'manifest' | 'sbom'

export interface FilePluginInfo {
  /** Folder name = id = registry key. */
  id: string
  /** Ecosystem of the components it yields; `any` for SBOMs, which list components of every kind. */
  ecosystem: Ecosystem | 'any'
  kind: PluginKind
  /** Registry ids of the datasources it reads through (none for a lockfile or an SBOM). */
  datasources: readonly string[]
  /** "Is this my file?": by root-relative path alone, never by content. */
  matches(path: string): boolean
}

export interface GroupSource {
  path: string
  /** Registry ids of the extractors that claim the file, in registry order. */
  extractorIds: string[]
}

/** One sub-project: a lockfile with its manifests (and workspace members'), or one SBOM alone. */
export interface ProjectGroup {
  /** Folder of the group, root-relative ('' for the root). */
  dir: string
  kind: 'lockfile' | 'sbom' | 'manifest'
  sources: GroupSource[]
  /** Manifests belonging to the group (none are resolved here). */
  manifests: string[]
}
