// Shapes of the effective Maven model (DESIGN §1 "Resolve"): dependencies after inheritance,
// interpolation and management; the context every model-building step shares.
import type { MavenRepository } from '../../datasources/maven-repository'
import type { Warning } from '../../model'
import type { RawExclusion } from './pom'
import type { ProfileEnvironment } from './profiles'

export interface EffectiveDependency {
  groupId: string
  artifactId: string
  /** `null` when no version could be determined (warned). */
  version: string | null
  type: string
  classifier: string | null
  scope: string
  optional: boolean
  exclusions: RawExclusion[]
  file: string
  line?: number
}

export interface EffectivePom {
  groupId: string
  artifactId: string
  version: string
  packaging: string
  file: string
  dependencies: EffectiveDependency[]
  managed: Map<string, EffectiveDependency>
  modules: string[]
  /** Where this artifact moved (its own `distributionManagement/relocation`, never inherited). */
  relocation?: { groupId: string; artifactId: string; version: string }
}

export interface PomContext {
  repository: MavenRepository
  /** A project file by root-relative path; `null` when absent. */
  readProject(path: string): string | null
  warnings: Warning[]
  /** The build machine profiles are activated for; absent = DEFAULT_PROFILE_ENVIRONMENT. */
  environment?: ProfileEnvironment
  /** Whether a project file or folder exists (profile `<file>` activation); absent = unknown. */
  projectPathExists?: (path: string) => boolean
}

export const dependencyKey = (d: {
  groupId: string
  artifactId: string
  type?: string | undefined
  classifier?: string | null | undefined
}): string => `${d.groupId}:${d.artifactId}:${d.type ?? 'jar'}:${d.classifier ?? ''}`
