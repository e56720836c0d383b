// The effective POM (Maven model building; DESIGN §1 "Resolve"): parent chain (relativePath first,
// then repositories), inheritance, interpolation, dependencyManagement with import-scoped BOMs.
// Every problem (malformed XML, parent cycle, undefined property, missing POM) is a warning with file+line.
import type { MavenPom } from '../../datasources/maven-repository'
import { interpolate } from './interpolate'
import { type Layer, loadParent, parseOrWarn } from './lineage'
import { dependencyKey, type EffectiveDependency, type EffectivePom, type PomContext } from './model'
import type { RawDependency } from './pom'

export { dependencyKey, type EffectiveDependency, type EffectivePom, type PomContext } from './model'

function mergeByKey(
  target: Map<string, RawDependency & { file: string }>,
  deps: RawDependency[],
  file: string,
): void {
  for (const d of deps) {
    const key = dependencyKey(d)
    if (!target.has(key)) target.set(key, { ...d, file })
  }
}

/** Builds the effective model of one POM text; `cache` shares effective BOM/parent models per analysis. */
export async function buildEffectivePom(
  /** The POM text of a project file, or a POM fetched from a repository (its parse is memoised). */
  source: string | MavenPom,
  file: string,
  ctx: PomContext,
  cache: EffectivePomCache,
  /** BOMs being imported above this one (`g:a:v`), so an import cycle is named instead of awaited forever. */
  importing: ReadonlySet<string> = new Set(),
): Promise<EffectivePom | null> {
  const self = parseOrWarn(source, file, ctx)
  if (!self) return null
  const lineage: Layer[] = [{ pom: self, file }]
  const seen = new Set<string>()
  let missingParent: string | null = null
  let missingParentLayer: Layer | null = null
  for (let layer: Layer = lineage[0] as Layer; ; ) {
    const p = layer.pom.parent
    if (!p) break
    const id = `${p.groupId}:${p.artifactId}:${p.version}`
    if (seen.has(id)) {
      ctx.warnings.push({
        file: layer.file,
        line: p.line,
        message: `parent cycle: ${id} is its own ancestor`,
      })
      break
    }
    seen.add(id)
    const next = await loadParent(layer, ctx)
    if (next === 'missing') {
      missingParent = id
      missingParentLayer = layer
      break
    }
    if (next === null) break
    lineage.push(next)
    layer = next
  }
  // Inheritance: child first; a key declared nearer the child wins.
  const properties: Record<string, string> = {}
  for (const l of [...lineage].reverse()) Object.assign(properties, l.pom.properties)
  const deps = new Map<string, RawDependency & { file: string }>()
  const managedRaw = new Map<string, RawDependency & { file: string }>()
  for (const l of lineage) {
    mergeByKey(deps, l.pom.dependencies, l.file)
    mergeByKey(managedRaw, l.pom.managed, l.file)
  }
  const parentPom = self.parent
  const project = {
    groupId: self.groupId ?? parentPom?.groupId,
    artifactId: self.artifactId,
    version: self.version ?? parentPom?.version,
    packaging: self.packaging,
  }
  const scope = {
    properties,
    project,
    parent: { groupId: parentPom?.groupId, artifactId: parentPom?.artifactId, version: parentPom?.version },
  }
  const resolveDep = (d: RawDependency & { file: string }): EffectiveDependency => {
    const missing = new Set<string>()
    const ip = (v: string | undefined): string | undefined =>
      v === undefined ? undefined : interpolate(v, scope, missing)
    const version = ip(d.version)
    const out: EffectiveDependency = {
      groupId: ip(d.groupId) ?? '',
      artifactId: ip(d.artifactId) ?? '',
      version: version === undefined || version.includes('${') ? null : version,
      type: ip(d.type) ?? 'jar',
      classifier: ip(d.classifier) ?? null,
      scope: ip(d.scope) ?? '',
      optional: ip(d.optional) === 'true',
      exclusions: d.exclusions ?? [],
      file: d.file,
    }
    if (d.line !== undefined) out.line = d.line
    for (const name of missing) {
      if (missingParent && !lineage.some((l) => Object.hasOwn(l.pom.properties, name))) continue
      ctx.warnings.push({
        file: d.file,
        line: d.line,
        message: `undefined property \${${name}} in ${out.groupId}:${out.artifactId}`,
      })
    }
    return out
  }
  const managed = new Map<string, EffectiveDependency>()
  const imports: EffectiveDependency[] = []
  for (const raw of managedRaw.values()) {
    const m = resolveDep(raw)
    if (m.scope === 'import') imports.push(m)
    else managed.set(dependencyKey(m), m)
  }
  const missingBoms: EffectiveDependency[] = []
  for (const bom of imports) {
    const bomId = `${bom.groupId}:${bom.artifactId}:${bom.version ?? '?'}`
    if (importing.has(bomId)) {
      ctx.warnings.push({
        file: bom.file,
        line: bom.line,
        message: `BOM import cycle: ${bomId} imports itself`,
      })
      continue
    }
    const effective = bom.version
      ? await cache.load(bom.groupId, bom.artifactId, bom.version, ctx, importing)
      : null
    if (!effective) {
      missingBoms.push(bom)
      continue
    }
    for (const [k, v] of effective.managed) if (!managed.has(k)) managed.set(k, v)
  }
  const dependencies = [...deps.values()].map((raw) => {
    const d = resolveDep(raw)
    const m = managed.get(dependencyKey(d))
    if (m) {
      if (d.version === null && raw.version === undefined) d.version = m.version
      if (d.scope === '') d.scope = m.scope
      if (raw.exclusions === null) d.exclusions = m.exclusions
    }
    if (d.scope === '') d.scope = 'compile'
    return d
  })
  const unresolved = dependencies.filter((d) => d.version === null).map((d) => `${d.groupId}:${d.artifactId}`)
  const list =
    unresolved.length > 0
      ? `dependencies ${unresolved.join(', ')} unresolved`
      : 'no declared dependency left without a version'
  // Named at this POM (whose dependencies are affected); an ancestor's declaration site goes in the text.
  const at = (declFile: string, line: number | undefined): { line?: number; where: string } =>
    declFile === file
      ? line !== undefined
        ? { line, where: '' }
        : { where: '' }
      : { where: ` (declared in ${declFile}${line !== undefined ? `:${line}` : ''})` }
  if (missingParent && missingParentLayer) {
    const { where, ...line } = at(missingParentLayer.file, missingParentLayer.pom.parent?.line)
    ctx.warnings.push({
      file,
      ...line,
      message: `parent ${missingParent}${where} could not be fetched: ${list}`,
      gap: 'incomplete-graph',
    })
  }
  for (const bom of missingBoms) {
    const { where, ...line } = at(bom.file, bom.line)
    ctx.warnings.push({
      file,
      ...line,
      message: `BOM ${bom.groupId}:${bom.artifactId}:${bom.version ?? '?'}${where} could not be fetched: ${list}`,
      gap: 'incomplete-graph',
    })
  }
  if (!missingParent && missingBoms.length === 0) {
    for (const d of dependencies) {
      if (d.version === null)
        ctx.warnings.push({
          file: d.file,
          line: d.line,
          message: `no version for ${d.groupId}:${d.artifactId}: not declared and not managed`,
          gap: 'incomplete-graph',
        })
    }
  }
  const effective: EffectivePom = {
    groupId: project.groupId ?? '',
    artifactId: project.artifactId,
    version: project.version ? interpolate(project.version, scope, new Set()) : '',
    packaging: project.packaging,
    file,
    dependencies,
    managed,
    modules: self.modules,
  }
  // Maven's model merger neither inherits nor injects a relocation: only the POM's own counts.
  if (self.relocation) {
    const r = self.relocation
    const ip = (v: string | undefined, fallback: string): string =>
      v === undefined ? fallback : interpolate(v, scope, new Set())
    effective.relocation = {
      groupId: ip(r.groupId, effective.groupId),
      artifactId: ip(r.artifactId, effective.artifactId),
      version: ip(r.version, effective.version),
    }
  }
  return effective
}

/** Effective POMs from the repository, built once per coordinates in an analysis. */
export class EffectivePomCache {
  private readonly map = new Map<string, Promise<EffectivePom | null>>()

  load(
    groupId: string,
    artifactId: string,
    version: string,
    ctx: PomContext,
    importing: ReadonlySet<string> = new Set(),
  ): Promise<EffectivePom | null> {
    const key = `${groupId}:${artifactId}:${version}`
    if (importing.has(key)) return Promise.resolve(null)
    let p = this.map.get(key)
    if (!p) {
      p = (async () => {
        const fetched = await ctx.repository.pom({ groupId, artifactId, version })
        return fetched
          ? buildEffectivePom(fetched, fetched.url, ctx, this, new Set([...importing, key]))
          : null
      })()
      this.map.set(key, p)
    }
    return p
  }
}
