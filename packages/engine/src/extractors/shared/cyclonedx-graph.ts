// CycloneDX 1.2-1.6 → DependencyGraph, shared by the JSON and XML readers (CycloneDX spec "components",
// "dependencies"; DESIGN §4). Components are identified by purl (qualifiers dropped so one package
// is one component); components nobody depends on count as direct, so flat SBOMs stay usable, and an
// SBOM with no graph at all marks its components `relationshipUnknown` (issue 14).
import type { ComponentHash, DependencyGraph, Purl, Scope, Warning } from '../../model'
import { componentHash, makePurl, parsePurl } from '../../model'
import { createGraphBuilder } from './graph-builder'

export interface CdxComponent {
  ref: string | null
  purl: string | null
  type: string | null
  group: string | null
  name: string | null
  version: string | null
  scope: string | null
  licences: string[]
  /** `hashes` as the SBOM writes them (alg, content); checked by cdxToGraph. */
  hashes: { alg: string; content: string }[]
  supplier: string | null
  development: boolean
  /** Sextant's own `sextant:scope` property, which keeps test / provided apart (CycloneDX has no such scopes). */
  sextantScope: string | null
  line?: number
  children: CdxComponent[]
}

export interface CdxBom {
  root: CdxComponent | null
  components: CdxComponent[]
  dependencies: { ref: string; dependsOn: string[] }[]
}

const SCOPES: readonly string[] = ['prod', 'dev', 'test', 'provided', 'optional'] satisfies Scope[]

function scopeOf(c: CdxComponent): Scope {
  // Sextant's own export says which scope it had; trusted only where it agrees with the CycloneDX scope
  if (c.sextantScope && SCOPES.includes(c.sextantScope)) {
    const own = c.sextantScope as Scope
    const excluded = c.development || c.scope === 'excluded'
    if (excluded === (own === 'dev' || own === 'test')) return own
  }
  if (c.development || c.scope === 'excluded') return 'dev'
  if (c.scope === 'optional') return 'optional'
  return 'prod'
}

function identity(c: CdxComponent): { type: string; name: string; version: string; purl: Purl } | null {
  if (c.purl) {
    const p = parsePurl(c.purl)
    if (p) {
      const version = p.version ?? c.version ?? ''
      return { type: p.type, name: p.name, version, purl: makePurl(p.type, p.name, version || null) }
    }
  }
  if (!c.name) return null
  const name = c.group ? `${c.group}/${c.name}` : c.name
  const version = c.version ?? ''
  return { type: 'generic', name, version, purl: makePurl('generic', name, version || null) }
}

function hashesOf(c: CdxComponent): ComponentHash[] {
  return c.hashes.flatMap((h) => {
    const hash = componentHash(h.alg, h.content)
    return hash ? [hash] : []
  })
}

export function cdxToGraph(bom: CdxBom, file: string, warnings: Warning[]): DependencyGraph {
  const b = createGraphBuilder()
  const byRef = new Map<string, Purl>()
  const hasParent = new Set<Purl>()
  const all: Purl[] = []
  const visit = (c: CdxComponent, parent: Purl | null): void => {
    const id = identity(c)
    if (!id) {
      warnings.push({
        file,
        line: c.line,
        message: 'component without purl or name; skipped',
        gap: 'skipped-input',
      })
    } else {
      if (c.purl && id.type === 'generic') {
        warnings.push({
          file,
          line: c.line,
          message: `invalid purl "${c.purl}"; kept as a generic component`,
        })
      }
      const purl = b.add({
        type: id.type,
        name: id.name,
        version: id.version,
        scope: scopeOf(c),
        source: 'sbom',
        location: c.line === undefined ? { file } : { file, line: c.line },
        declaredLicences: c.licences,
        hashes: hashesOf(c),
        ...(c.supplier ? { supplier: c.supplier } : {}),
        purl: id.purl,
      })
      all.push(purl)
      if (c.ref) byRef.set(c.ref, purl)
      if (parent && bom.dependencies.length === 0) {
        b.edge(parent, purl)
        hasParent.add(purl)
      }
      for (const child of c.children) visit(child, purl)
      return
    }
    for (const child of c.children) visit(child, parent)
  }
  for (const c of bom.components) visit(c, null)

  const rootRef = bom.root?.ref ?? null
  for (const dep of bom.dependencies) {
    const isRoot = dep.ref === rootRef
    const from = byRef.get(dep.ref)
    if (!isRoot && !from) continue
    for (const ref of dep.dependsOn) {
      const to = byRef.get(ref)
      if (!to) continue
      if (isRoot) b.direct(to)
      else if (from) {
        b.edge(from, to)
        if (from !== to) hasParent.add(to)
      }
    }
  }
  // No edge at all (no `dependencies`, no nesting, the root depending on nothing listed): the SBOM carries
  // no graph, so every component is marked direct only to stay reachable; its relationship is unknown.
  const graphless =
    hasParent.size === 0 &&
    !bom.dependencies.some((d) => d.ref === rootRef && d.dependsOn.some((r) => byRef.has(r)))
  for (const purl of all) if (!hasParent.has(purl)) b.direct(purl)
  const root = bom.root
  const graph = b.build({ name: root?.name ?? '', version: root?.version ?? null })
  if (graphless) for (const c of graph.components) c.relationshipUnknown = true
  return graph
}
