// Which files of an upload the engine reads (issue 13 item 2): the files an extractor claims, the ones the
// resolvers and the scanner read by name (npm manifests and workspaces, Maven POMs, Gradle settings,
// properties and version catalogs) and `.meterian`. An upload keeps these and stores nothing else.
import { METERIAN_FILE } from '../exclusions/meterian-file'
import { extractorsFor } from '../extractors/api'
import { normalisePath } from './scan'

/** Read by name outside the extractors: project/workspaces.ts, resolvers/maven, resolvers/gradle. */
const READ_BY_NAME = new Set([
  'package.json',
  'pnpm-workspace.yaml',
  'pom.xml',
  'settings.gradle',
  'settings.gradle.kts',
  'build.gradle',
  'build.gradle.kts',
  'gradle.properties',
])

/**
 * True for a file some part of the analysis may read. Files in node_modules or a hidden folder are never
 * read (scanPaths skips them). A parent POM may be named `…pom.xml` (Maven's relativePath); a Gradle
 * version catalog `….versions.toml`.
 */
export function isProjectFile(path: string): boolean {
  const p = normalisePath(path)
  if (p === METERIAN_FILE) return true
  const parts = p.split('/')
  if (parts.slice(0, -1).some((d) => d === 'node_modules' || d.startsWith('.'))) return false
  const base = parts[parts.length - 1] ?? ''
  return (
    READ_BY_NAME.has(base) ||
    base.endsWith('pom.xml') ||
    base.endsWith('.versions.toml') ||
    extractorsFor(p).length > 0
  )
}
