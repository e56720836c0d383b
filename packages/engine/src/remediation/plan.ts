// Remediation plan (issue 19 "Remediation plan"; product-notes "Safe versions" lanes): per lane (patch /
// minor / major), the fewest changes to *direct* dependencies that remove the most findings. A direct
// finding is fixed by the lowest version of its package in the lane that the advisory does not affect; a
// transitive one by the lowest version of the direct dependency whose declared ranges lead, the way npm
// re-resolves (a locked version that still satisfies the new range is kept), to a version of the
// vulnerable package the advisory does not affect. What no direct upgrade fixes gets a pin (npm
// `overrides`, Maven `dependencyManagement`) when a safe version exists, else it remains, with why.
// Pure: versions, declared dependencies, range checks and advisory answers arrive as functions.
import type { Ecosystem } from '../model'
import type { Severity } from '../report/document'
import type { VersionScheme } from '../versioning/types'

export type Lane = 'patch' | 'minor' | 'major'
export const LANES: readonly Lane[] = ['patch', 'minor', 'major']

export interface PackageAt {
  name: string
  version: string
}

export interface FindingKey {
  ecosystem: Ecosystem
  name: string
  version: string
  adviceId: string
}

export interface PlanFinding extends FindingKey {
  /** The advice's id and aliases: a version is still affected when any of them affects it. */
  ids: readonly string[]
  severity: Severity
  /** Paths from a direct dependency down to the component (`[component]` when it is direct). */
  paths: readonly (readonly PackageAt[])[]
  /** False when the paths were cut at a limit: nothing is promised for such a finding. */
  pathsComplete: boolean
}

export interface RemediationSource {
  scheme(ecosystem: Ecosystem): VersionScheme | null
  /** Every published version of a package (any order); empty when unknown. */
  versions(ecosystem: Ecosystem, name: string): readonly string[]
  /** What one version declares (npm packument `dependencies`, a POM's dependencies); null = unknown. */
  dependencies(ecosystem: Ecosystem, name: string, version: string): Readonly<Record<string, string>> | null
  /** Whether a version satisfies a declared range; null = cannot tell. */
  satisfies(ecosystem: Ecosystem, version: string, range: string): boolean | null
  /** Ids (and aliases) of the advisories affecting a version; null = cannot tell (never a guess). */
  affectedBy(ecosystem: Ecosystem, name: string, version: string): ReadonlySet<string> | null
}

export interface Upgrade {
  ecosystem: Ecosystem
  name: string
  from: string
  to: string
  /** The size of the change itself (a minor-lane plan may hold patch changes). */
  change: Lane
  fixes: FindingKey[]
  /** Of `fixes`, those brought in through other direct dependencies too: fixed only with their upgrades. */
  together: number
  /** Distinct vulnerable packages (name@version) the upgrade cleans. */
  packages: string[]
}

export interface Pin {
  ecosystem: Ecosystem
  name: string
  from: string
  to: string
  /**
   * 'lockfile': every parent's declared range already admits `to`, only the lockfile is old (`npm update
   * <name>`); else npm `overrides` in package.json, or Maven `dependencyManagement` in the pom.
   */
  via: 'lockfile' | 'overrides' | 'dependencyManagement'
  fixes: FindingKey[]
}

export type RemainReason =
  /** No published version of the package is free of the advisory. */
  | 'no-fix-published'
  /** A fixed version exists, but not in this lane. */
  | 'outside-lane'
  /** Where it comes from could not be traced completely: nothing is promised. */
  | 'paths-unknown'
  /** The package's versions are not known (no registry data): whether a fix exists is not known either. */
  | 'versions-unknown'

export interface Remaining {
  finding: FindingKey
  why: RemainReason
}

export interface LanePlan {
  lane: Lane
  /** Findings the lane's upgrades and pins remove (each counted once). */
  fixed: number
  upgrades: Upgrade[]
  pins: Pin[]
  remaining: Remaining[]
  /** One line per change and one for what remains, e.g. "upgrade webpack 4.46.0 → 4.47.0 (minor) fixes …". */
  lines: string[]
}

export interface RemediationPlan {
  findings: number
  lanes: Record<Lane, LanePlan>
}

const keyOf = (f: FindingKey) => `${f.ecosystem}\u0000${f.name}\u0000${f.version}\u0000${f.adviceId}`

/** Whether `candidate` lies in `lane` seen from `current` (same major.minor / same major / any). */
function inLane(scheme: VersionScheme, current: string, candidate: string, lane: Lane): boolean {
  const a = scheme.parts(current)
  const b = scheme.parts(candidate)
  if (!a || !b) return false
  if (lane === 'major') return true
  if (a.major !== b.major) return false
  return lane === 'minor' || a.minor === b.minor
}

function changeOf(scheme: VersionScheme, from: string, to: string): Lane {
  const a = scheme.parts(from)
  const b = scheme.parts(to)
  if (!a || !b || a.major !== b.major) return 'major'
  return a.minor === b.minor ? 'patch' : 'minor'
}

/** Later versions of a package in a lane, lowest first, without pre-releases (unless `from` is one). */
function laterVersions(
  source: RemediationSource,
  ecosystem: Ecosystem,
  name: string,
  from: string,
  lane: Lane,
): string[] {
  const scheme = source.scheme(ecosystem)
  if (!scheme?.isValid(from)) return []
  const pre = scheme.isPrerelease(from)
  return source
    .versions(ecosystem, name)
    .filter(
      (v) =>
        scheme.isValid(v) &&
        (pre || !scheme.isPrerelease(v)) &&
        (scheme.compare(v, from) ?? 0) > 0 &&
        inLane(scheme, from, v, lane),
    )
    .sort((x, y) => scheme.compare(x, y) ?? 0)
}

function stillAffected(
  source: RemediationSource,
  f: PlanFinding,
  ecosystem: Ecosystem,
  name: string,
  version: string,
): boolean | null {
  const hit = source.affectedBy(ecosystem, name, version)
  if (hit === null) return null
  return f.ids.some((id) => hit.has(id))
}

/**
 * Whether upgrading the path's direct dependency to `to` removes the finding from this path: the
 * path's packages are re-resolved from the new version down (a locked version that still satisfies
 * its parent's new range is kept, with everything below it). Unknown data answers false.
 */
function pathFixed(
  source: RemediationSource,
  f: PlanFinding,
  path: readonly PackageAt[],
  to: string,
): boolean {
  const eco = f.ecosystem
  if (path.length === 1) return stillAffected(source, f, eco, path[0]!.name, to) === false
  let parent: PackageAt = { name: path[0]!.name, version: to }
  for (let i = 1; i < path.length; i++) {
    const node = path[i]!
    const declared = source.dependencies(eco, parent.name, parent.version)
    if (declared === null) return false
    const range = declared[node.name]
    if (range === undefined) return true // the new parent no longer brings it in: this path is gone
    const keeps = source.satisfies(eco, node.version, range)
    if (keeps === null || keeps) return false // the locked (vulnerable) subtree stays
    const scheme = source.scheme(eco)
    if (!scheme) return false
    const matching = source
      .versions(eco, node.name)
      .filter((v) => scheme.isValid(v) && !scheme.isPrerelease(v) && source.satisfies(eco, v, range) === true)
      .sort((x, y) => scheme.compare(y, x) ?? 0)
    const picked = matching[0]
    if (!picked) return false
    parent = { name: node.name, version: picked }
  }
  return stillAffected(source, f, eco, parent.name, parent.version) === false
}

function directsOf(f: PlanFinding): string[] {
  return [...new Set(f.paths.map((p) => `${p[0]!.name}\u0000${p[0]!.version}`))]
}

/** The lowest version of the package itself, later than its own, free of every advisory (a pin target). */
function safePin(source: RemediationSource, f: PlanFinding, lane: Lane): string | null {
  for (const v of laterVersions(source, f.ecosystem, f.name, f.version, lane)) {
    const hit = source.affectedBy(f.ecosystem, f.name, v)
    if (hit !== null && hit.size === 0) return v
  }
  return null
}

/** How a pin is applied: a lockfile refresh when every parent's declared range admits it already. */
function pinVia(source: RemediationSource, f: PlanFinding, to: string): Pin['via'] {
  if (f.ecosystem === 'maven') return 'dependencyManagement'
  const admitted = f.paths.every((p) => {
    if (p.length < 2) return false
    const parent = p[p.length - 2]!
    const range = source.dependencies(f.ecosystem, parent.name, parent.version)?.[f.name]
    return range !== undefined && source.satisfies(f.ecosystem, to, range) === true
  })
  return admitted ? 'lockfile' : 'overrides'
}

const PIN_TEXT: Record<Pin['via'], (name: string) => string> = {
  lockfile: (name) => `in the lockfile (the declared ranges admit it: npm update ${name})`,
  overrides: () => 'through package.json overrides (no declared range admits it)',
  dependencyManagement: () => 'through dependencyManagement (no direct upgrade brings it)',
}

function anyFixPublished(source: RemediationSource, f: PlanFinding): boolean {
  return laterVersions(source, f.ecosystem, f.name, f.version, 'major').some(
    (v) => stillAffected(source, f, f.ecosystem, f.name, v) === false,
  )
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function lanePlan(findings: readonly PlanFinding[], source: RemediationSource, lane: Lane): LanePlan {
  const traced = findings.filter((f) => f.pathsComplete && f.paths.length > 0)
  // per direct dependency: the findings with a path through it
  const byDirect = new Map<string, { ecosystem: Ecosystem; at: PackageAt; findings: PlanFinding[] }>()
  for (const f of traced)
    for (const d of directsOf(f)) {
      const [name, version] = d.split('\u0000') as [string, string]
      const entry = byDirect.get(`${f.ecosystem}\u0000${d}`) ?? {
        ecosystem: f.ecosystem,
        at: { name, version },
        findings: [],
      }
      entry.findings.push(f)
      byDirect.set(`${f.ecosystem}\u0000${d}`, entry)
    }
  // per direct: the lowest version in the lane that clears the most paths through it
  const chosen = new Map<string, string>()
  for (const [key, d] of byDirect) {
    let best: { to: string; cleared: number } | null = null
    for (const to of laterVersions(source, d.ecosystem, d.at.name, d.at.version, lane)) {
      let cleared = 0
      for (const f of d.findings)
        if (
          f.paths
            .filter((p) => p[0]!.name === d.at.name && p[0]!.version === d.at.version)
            .every((p) => pathFixed(source, f, p, to))
        )
          cleared++
      if (cleared > (best?.cleared ?? 0)) best = { to, cleared }
    }
    if (best) chosen.set(key, best.to)
  }
  // a finding is fixed when every one of its paths is cleared by the chosen upgrade of its direct
  const fixedBy = new Map<string, string[]>()
  const fixed = new Set<string>()
  for (const f of traced) {
    const credit: string[] = []
    const ok = f.paths.every((p) => {
      const dKey = `${f.ecosystem}\u0000${p[0]!.name}\u0000${p[0]!.version}`
      const to = chosen.get(dKey)
      if (!to || !pathFixed(source, f, p, to)) return false
      credit.push(dKey)
      return true
    })
    if (!ok) continue
    fixed.add(keyOf(f))
    for (const d of new Set(credit)) fixedBy.set(d, [...(fixedBy.get(d) ?? []), keyOf(f)])
  }
  const byKey = new Map(findings.map((f) => [keyOf(f), f]))
  const upgrades: Upgrade[] = []
  for (const [dKey, keys] of fixedBy) {
    const d = byDirect.get(dKey)!
    const to = chosen.get(dKey)!
    const scheme = source.scheme(d.ecosystem)!
    const fixes = keys.map((k) => byKey.get(k)!)
    upgrades.push({
      ecosystem: d.ecosystem,
      name: d.at.name,
      from: d.at.version,
      to,
      change: changeOf(scheme, d.at.version, to),
      fixes: fixes.map(({ ecosystem, name, version, adviceId }) => ({ ecosystem, name, version, adviceId })),
      together: fixes.filter((f) => directsOf(f).length > 1).length,
      packages: [...new Set(fixes.map((f) => `${f.name}@${f.version}`))].sort(),
    })
  }
  upgrades.sort((a, b) => b.fixes.length - a.fixes.length || a.name.localeCompare(b.name))
  // the rest: a pin of the vulnerable package itself when one is safe in the lane, else it remains
  const pinsByPackage = new Map<string, Pin>()
  const remaining: Remaining[] = []
  for (const f of findings) {
    if (fixed.has(keyOf(f))) continue
    const k = { ecosystem: f.ecosystem, name: f.name, version: f.version, adviceId: f.adviceId }
    if (!f.pathsComplete || f.paths.length === 0) {
      remaining.push({ finding: k, why: 'paths-unknown' })
      continue
    }
    const pin = f.paths.some((p) => p.length > 1) ? safePin(source, f, lane) : null
    if (pin) {
      const pk = `${f.ecosystem}\u0000${f.name}\u0000${f.version}`
      const entry = pinsByPackage.get(pk) ?? {
        ecosystem: f.ecosystem,
        name: f.name,
        from: f.version,
        to: pin,
        via: pinVia(source, f, pin),
        fixes: [],
      }
      entry.fixes.push(k)
      pinsByPackage.set(pk, entry)
      continue
    }
    const why: RemainReason =
      source.versions(f.ecosystem, f.name).length === 0
        ? 'versions-unknown'
        : anyFixPublished(source, f)
          ? 'outside-lane'
          : 'no-fix-published'
    remaining.push({ finding: k, why })
  }
  const pins = [...pinsByPackage.values()].sort(
    (a, b) => b.fixes.length - a.fixes.length || a.name.localeCompare(b.name),
  )
  const lines = [
    ...upgrades.map(
      (u) =>
        `upgrade ${u.name} ${u.from} → ${u.to} (${u.change}) fixes ${plural(u.fixes.length, 'finding')} in ${plural(u.packages.length, 'package')}${u.together > 0 ? ` (${u.together} only together with other upgrades)` : ''}`,
    ),
    ...pins.map(
      (p) =>
        `${p.via === 'lockfile' ? 'update' : 'pin'} ${p.name} ${p.from} → ${p.to} ${PIN_TEXT[p.via](p.name)} fixes ${plural(p.fixes.length, 'finding')}`,
    ),
  ]
  if (remaining.length > 0) {
    const count = (why: RemainReason) => remaining.filter((r) => r.why === why).length
    const parts = [
      count('no-fix-published') > 0 ? `${count('no-fix-published')} no fix published` : null,
      count('outside-lane') > 0 ? `${count('outside-lane')} fixed only outside the ${lane} lane` : null,
      count('paths-unknown') > 0 ? `${count('paths-unknown')} not traced completely` : null,
      count('versions-unknown') > 0
        ? `${count('versions-unknown')} without known versions (no registry data)`
        : null,
    ].filter((p): p is string => p !== null)
    lines.push(`${remaining.length} remain (${parts.join('; ')})`)
  }
  return { lane, fixed: findings.length - remaining.length, upgrades, pins, remaining, lines }
}

export function remediationPlan(
  findings: readonly PlanFinding[],
  source: RemediationSource,
): RemediationPlan {
  return {
    findings: findings.length,
    lanes: {
      patch: lanePlan(findings, source, 'patch'),
      minor: lanePlan(findings, source, 'minor'),
      major: lanePlan(findings, source, 'major'),
    },
  }
}
