// The name a project is known by (issue 14 "Projects keep their names"), read from what was uploaded, in
// this order: the root pom.xml's <name> (else its artifactId), settings.gradle's rootProject.name, the
// root package.json's name, the SBOM's metadata component, the name the lockfile records. Never '.', '',
// 'unknown' or a Maven property left unresolved; null when nothing names the project.
import { readPackageJson } from '../extractors/shared/package-json'
import type { SourceFile } from '../extractors/types'
import { readGradleSettings } from '../resolvers/gradle'
import { parseMavenPom } from '../resolvers/maven'
import type { ProjectExtraction } from './extract'
import { normalisePath } from './scan'

function usable(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? ''
  if (trimmed === '' || /^\.+$/.test(trimmed) || trimmed === 'unknown' || trimmed.includes('${')) return null
  return trimmed.slice(0, 255)
}

/** The upload's file at the shallowest depth with one of `names` (the root's when there is one). */
function shallowest(files: readonly SourceFile[], names: readonly string[]): SourceFile | null {
  let best: SourceFile | null = null
  let bestDepth = Number.POSITIVE_INFINITY
  for (const f of files) {
    const path = normalisePath(f.path)
    const parts = path.split('/')
    if (!names.includes(parts[parts.length - 1] ?? '')) continue
    if (parts.length < bestDepth) {
      best = f
      bestDepth = parts.length
    }
  }
  return best
}

function fromPom(files: readonly SourceFile[]): string | null {
  const pom = shallowest(files, ['pom.xml'])
  if (!pom) return null
  const parsed = parseMavenPom(pom.content)
  if (!parsed.ok) return null
  return usable(parsed.pom.name) ?? usable(parsed.pom.artifactId)
}

function fromGradleSettings(files: readonly SourceFile[]): string | null {
  const settings = shallowest(files, ['settings.gradle', 'settings.gradle.kts'])
  return settings ? usable(readGradleSettings(settings.content, settings.path).rootName) : null
}

function fromPackageJson(files: readonly SourceFile[]): string | null {
  const manifest = shallowest(files, ['package.json'])
  return manifest ? usable(readPackageJson(manifest.content, manifest.path)?.name) : null
}

export function projectNameOf(files: readonly SourceFile[], extraction: ProjectExtraction): string | null {
  return (
    fromPom(files) ??
    fromGradleSettings(files) ??
    fromPackageJson(files) ??
    // an SBOM's metadata component, or the name a lockfile records for its root
    usable(extraction.graph.root.name)
  )
}
