// Versions a Gradle project gets from BOMs (Gradle user guide "Platforms"; Spring Boot Gradle plugin
// reference "Managing dependencies"; DESIGN §1 "Resolve"): platform() / enforcedPlatform()
// declarations, the io.spring.dependency-management plugin's mavenBom imports and the Spring Boot
// plugin's spring-boot-dependencies BOM, `dependency` entries and constraints. BOMs are loaded through
// the Maven resolver's effective POM (parents, properties, import-scoped BOMs), as Maven's import does.
import type { MavenRepository } from '../../datasources/maven-repository'
import type { Location, Warning } from '../../model'
import { compareMavenVersions } from '../../versioning/maven'
import { type EffectivePom, EffectivePomCache, type PomContext } from '../maven/effective'

export type BomKind = 'enforced-platform' | 'platform' | 'dependency-management'

export interface BomRequest {
  group: string
  artifact: string
  version: string
  kind: BomKind
  /** Why the BOM applies, for the report: `platform(...)`, `the org.springframework.boot plugin`. */
  reason: string
  at: Location
}

/** A single managed version (dependencyManagement `dependency`, or a `constraints { }` entry). */
export interface DirectManagedVersion {
  group: string
  artifact: string
  version: string
  /** `enforced`: a constraint of a project used through enforcedPlatform(project(...)). */
  kind: 'dependency-management' | 'constraint' | 'enforced'
}

export interface LoadedBom {
  request: BomRequest
  /** `null` when the BOM could not be fetched (or no repository is configured). */
  pom: EffectivePom | null
}

/** Loads BOMs once per build (shared cache), so every project importing the same BOM reuses it. */
export class BomLoader {
  private readonly cache = new EffectivePomCache()
  readonly warnings: Warning[] = []
  private readonly ctx: PomContext | null

  constructor(repository: MavenRepository | undefined, readProject: (path: string) => string | null) {
    this.ctx = repository ? { repository, readProject, warnings: this.warnings } : null
  }

  get configured(): boolean {
    return this.ctx !== null
  }

  async load(request: BomRequest): Promise<LoadedBom> {
    if (!this.ctx) return { request, pom: null }
    const pom = await this.cache.load(request.group, request.artifact, request.version, this.ctx)
    return { request, pom }
  }
}

function managedVersion(pom: EffectivePom, group: string, artifact: string): string | null {
  const exact = pom.managed.get(`${group}:${artifact}:jar:`)
  if (exact?.version) return exact.version
  for (const [k, v] of pom.managed) if (k.startsWith(`${group}:${artifact}:`) && v.version) return v.version
  return null
}

export interface PickedVersion {
  version: string | null
  /** Where a version not written in the declaration came from. */
  from?: string
}

const highest = (a: string, b: string): string => (compareMavenVersions(a, b) >= 0 ? a : b)

/**
 * The version Gradle ends up requesting for a declared module:
 * - an enforcedPlatform's version overrides everything;
 * - the dependency-management plugin fills a missing version (its `dependency` entries over its BOMs,
 *   the last imported BOM winning), never overriding a written one (the plugin's default);
 * - platform() and constraint recommendations take part in conflict resolution: the highest wins
 *   (compared with Maven's ordering, which agrees with Gradle's on release versions).
 */
export function pickVersion(
  group: string,
  artifact: string,
  declared: string | null,
  boms: readonly LoadedBom[],
  direct: readonly DirectManagedVersion[],
): PickedVersion {
  const ofKind = (kind: BomKind) => boms.filter((b) => b.request.kind === kind && b.pom)
  for (const b of ofKind('enforced-platform')) {
    const v = managedVersion(b.pom as EffectivePom, group, artifact)
    if (v) return { version: v, from: b.request.reason }
  }
  const enforced = direct.find((d) => d.kind === 'enforced' && d.group === group && d.artifact === artifact)
  if (enforced) return { version: enforced.version, from: 'enforcedPlatform(project)' }
  let picked: PickedVersion = { version: declared }
  if (declared === null) {
    const entry = direct.find(
      (d) => d.kind === 'dependency-management' && d.group === group && d.artifact === artifact,
    )
    if (entry) picked = { version: entry.version, from: 'dependencyManagement' }
    else
      for (const b of [...ofKind('dependency-management')].reverse()) {
        const v = managedVersion(b.pom as EffectivePom, group, artifact)
        if (v) {
          picked = { version: v, from: b.request.reason }
          break
        }
      }
  }
  const recommendations: PickedVersion[] = [
    ...ofKind('platform').flatMap((b) => {
      const v = managedVersion(b.pom as EffectivePom, group, artifact)
      return v ? [{ version: v, from: b.request.reason }] : []
    }),
    ...direct
      .filter((d) => d.kind === 'constraint' && d.group === group && d.artifact === artifact)
      .map((d) => ({ version: d.version, from: 'constraints' })),
  ]
  for (const r of recommendations) {
    if (picked.version === null || highest(picked.version, r.version as string) !== picked.version) picked = r
  }
  return picked
}
