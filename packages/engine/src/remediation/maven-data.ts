// The Maven inputs of the remediation plan (issue 19 "Remediation plan": "from the POMs, for Maven"):
// each artifact's versions from maven-metadata.xml and each version's declared dependencies from its
// effective POM (parents, properties and its own dependencyManagement applied; compile and runtime
// scope, not optional: what Maven brings in transitively). Fetched on demand: the plan runs over what is
// loaded, what it asked for and lacked is fetched, and it runs again until it asks for nothing new
// (each round reaches one level deeper along the paths), so only the POMs the plan reads are fetched.
import type { MavenRepository } from '../datasources/maven-repository'
import type { Warning } from '../model'
import { EffectivePomCache, type PomContext } from '../resolvers/maven/effective'
import { type PlanFinding, type RemediationPlan, remediationPlan } from './plan'
import { remediationSourceOf, type SourceData } from './source'

/** What Maven brings in from a dependency: compile and runtime scope (test, provided, system and import do not travel). */
const TRANSITIVE_SCOPES = new Set(['compile', 'runtime'])

export interface MavenPlanLookup {
  /** Published versions of `groupId:artifactId`; empty while not loaded or unknown. */
  versions(name: string): readonly string[]
  /** What a version declares (`groupId:artifactId` → version or range); null while not loaded or unknown. */
  dependencies(name: string, version: string): Readonly<Record<string, string>> | null
}

export class MavenPlanData implements MavenPlanLookup {
  private readonly versionLists = new Map<string, readonly string[]>()
  private readonly declared = new Map<string, Readonly<Record<string, string>> | null>()
  private readonly wantedVersions = new Set<string>()
  private readonly wantedPoms = new Set<string>()
  private readonly poms = new EffectivePomCache()
  private readonly context: PomContext
  readonly warnings: Warning[] = []

  constructor(private readonly repository: MavenRepository) {
    this.context = { repository, readProject: () => null, warnings: this.warnings }
  }

  versions(name: string): readonly string[] {
    const known = this.versionLists.get(name)
    if (known) return known
    this.wantedVersions.add(name)
    return []
  }

  dependencies(name: string, version: string): Readonly<Record<string, string>> | null {
    const key = `${name}@${version}`
    if (this.declared.has(key)) return this.declared.get(key) ?? null
    this.wantedPoms.add(key)
    return null
  }

  /** Fetches what was asked for and not loaded; false when nothing was missing. */
  async fetchMissing(): Promise<boolean> {
    const names = [...this.wantedVersions].filter((n) => !this.versionLists.has(n))
    const poms = [...this.wantedPoms].filter((k) => !this.declared.has(k))
    this.wantedVersions.clear()
    this.wantedPoms.clear()
    if (names.length === 0 && poms.length === 0) return false
    await Promise.all([
      ...names.map(async (name) => {
        const [groupId, artifactId] = name.split(':') as [string, string]
        const metadata = artifactId ? await this.repository.metadata(groupId, artifactId) : null
        this.versionLists.set(name, metadata?.versions ?? [])
      }),
      ...poms.map(async (key) => {
        const at = key.lastIndexOf('@')
        const [groupId, artifactId] = key.slice(0, at).split(':') as [string, string]
        const effective = artifactId
          ? await this.poms.load(groupId, artifactId, key.slice(at + 1), this.context)
          : null
        if (!effective) {
          this.declared.set(key, null)
          return
        }
        const out: Record<string, string> = {}
        for (const d of effective.dependencies)
          if (d.version && !d.optional && TRANSITIVE_SCOPES.has(d.scope) && d.classifier === null)
            out[`${d.groupId}:${d.artifactId}`] ??= d.version
        this.declared.set(key, out)
      }),
    ])
    return true
  }
}

/**
 * Loads what `run` (a plan over the lookup) reads, in rounds, up to `rounds` (a path is rarely deeper).
 * `run` must read Maven versions and dependencies only through the lookup it is given.
 */
export async function loadMavenPlanData(
  repository: MavenRepository,
  run: (lookup: MavenPlanLookup) => void,
  rounds = 12,
): Promise<MavenPlanData> {
  const data = new MavenPlanData(repository)
  for (let i = 0; i < rounds; i++) {
    run(data)
    if (!(await data.fetchMissing())) break
  }
  return data
}

/**
 * The plan over npm data the caller has (`data`, whose answers for Maven are ignored) and Maven data
 * fetched from `repository` as the plan reads it (none when there is no Maven finding or no repository).
 */
export async function remediationPlanWithMaven(
  findings: readonly PlanFinding[],
  data: SourceData,
  repository: MavenRepository | null,
): Promise<RemediationPlan> {
  const sourceOver = (maven: MavenPlanLookup | null) =>
    remediationSourceOf({
      index: data.index,
      versions: (ecosystem, name) =>
        ecosystem === 'maven' ? (maven?.versions(name) ?? []) : data.versions(ecosystem, name),
      dependencies: (ecosystem, name, version) =>
        ecosystem === 'maven'
          ? (maven?.dependencies(name, version) ?? null)
          : data.dependencies(ecosystem, name, version),
    })
  const maven =
    repository && findings.some((f) => f.ecosystem === 'maven')
      ? await loadMavenPlanData(repository, (lookup) => {
          remediationPlan(findings, sourceOver(lookup))
        })
      : null
  return remediationPlan(findings, sourceOver(maven))
}
