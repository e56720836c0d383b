// SPDX 2.2 / 2.3 JSON documents (SPDX spec §7 packages, §11 relationships; DESIGN §4 extractors):
// packages with purls from externalRefs, the described package as root, dependency relationships as edges.
import type { ComponentHash, Purl, Scope, Warning } from '../../model'
import { makePurl, parsePurl, spdxChecksumHash } from '../../model'
import { baseName, defineExtractor } from '../shared/define'
import { createGraphBuilder } from '../shared/graph-builder'
import { asRecord, asString, parseJson } from '../shared/json'

/** Relationship type → [direction, scope of the dependency]: `forward` means element → related. */
const RELATIONSHIPS: Record<string, ['forward' | 'reverse', Scope]> = {
  DEPENDS_ON: ['forward', 'prod'],
  DEPENDENCY_OF: ['reverse', 'prod'],
  CONTAINS: ['forward', 'prod'],
  CONTAINED_BY: ['reverse', 'prod'],
  RUNTIME_DEPENDENCY_OF: ['reverse', 'prod'],
  DEV_DEPENDENCY_OF: ['reverse', 'dev'],
  BUILD_DEPENDENCY_OF: ['reverse', 'dev'],
  TEST_DEPENDENCY_OF: ['reverse', 'test'],
  OPTIONAL_DEPENDENCY_OF: ['reverse', 'optional'],
  PROVIDED_DEPENDENCY_OF: ['reverse', 'provided'],
  PREREQUISITE_FOR: ['reverse', 'prod'],
  HAS_PREREQUISITE: ['forward', 'prod'],
}

export function isSpdxJsonName(base: string): boolean {
  const b = base.toLowerCase()
  return b.endsWith('.spdx.json') || b === 'spdx.json' || b === 'sbom.json' || b === 'bom.json'
}

function purlOfPackage(pkg: Record<string, unknown>): string | null {
  const refs = Array.isArray(pkg.externalRefs) ? pkg.externalRefs : []
  for (const r of refs) {
    const rec = asRecord(r)
    if (rec && String(rec.referenceType).toLowerCase() === 'purl') return asString(rec.referenceLocator)
  }
  return null
}

function licencesOf(pkg: Record<string, unknown>): string[] {
  const out: string[] = []
  for (const key of ['licenseDeclared', 'licenseConcluded']) {
    const v = asString(pkg[key])
    if (v && v !== 'NOASSERTION' && v !== 'NONE') out.push(v)
  }
  return [...new Set(out)]
}

/** `checksums` (spec 7.10) in our hash form; unknown algorithms dropped. */
function hashesOf(pkg: Record<string, unknown>): ComponentHash[] {
  const list = Array.isArray(pkg.checksums) ? pkg.checksums : []
  return list.flatMap((c) => {
    const rec = asRecord(c)
    const alg = rec ? asString(rec.algorithm) : null
    const value = rec ? asString(rec.checksumValue) : null
    const hash = alg && value ? spdxChecksumHash(alg, value) : null
    return hash ? [hash] : []
  })
}

/** PackageSupplier (spec 7.5) without its `Organization:` / `Person:` prefix; none for NOASSERTION. */
function supplierOf(pkg: Record<string, unknown>): string | undefined {
  const text = asString(pkg.supplier)
    ?.replace(/^(Organization|Person|Tool):\s*/, '')
    .trim()
  return text && text !== 'NOASSERTION' ? text : undefined
}

export const spdxJsonExtractor = defineExtractor({
  id: 'spdx-json',
  ecosystem: 'any',
  kind: 'sbom',
  matches: (path) => isSpdxJsonName(baseName(path)),
  extract(file) {
    const parsed = parseJson(file.content, file.path)
    if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] }
    const doc = asRecord(parsed.value)
    const spdxVersion = asString(doc?.spdxVersion)
    if (!doc || !spdxVersion?.startsWith('SPDX-')) {
      return {
        ok: false,
        error: { file: file.path, line: 1, message: 'not an SPDX JSON document (no spdxVersion)' },
        warnings: [],
      }
    }
    const warnings: Warning[] = []
    if (!/^SPDX-2\.[23]$/.test(spdxVersion))
      warnings.push({ file: file.path, line: 1, message: `${spdxVersion} is not 2.2 or 2.3; read as 2.3` })
    const docId = asString(doc.SPDXID) ?? 'SPDXRef-DOCUMENT'
    const relationships = (Array.isArray(doc.relationships) ? doc.relationships : [])
      .map(asRecord)
      .filter((r) => r !== null)
    const described = new Set(
      Array.isArray(doc.documentDescribes)
        ? doc.documentDescribes.filter((d): d is string => typeof d === 'string')
        : [],
    )
    for (const r of relationships) {
      if (
        r.spdxElementId === docId &&
        r.relationshipType === 'DESCRIBES' &&
        typeof r.relatedSpdxElement === 'string'
      )
        described.add(r.relatedSpdxElement)
      if (
        r.relatedSpdxElement === docId &&
        r.relationshipType === 'DESCRIBED_BY' &&
        typeof r.spdxElementId === 'string'
      )
        described.add(r.spdxElementId)
    }
    const b = createGraphBuilder()
    const byId = new Map<string, Purl>()
    let rootName: { name: string; version: string | null } = { name: asString(doc.name) ?? '', version: null }
    const packages = Array.isArray(doc.packages) ? doc.packages : []
    for (const p of packages) {
      const pkg = asRecord(p)
      const id = asString(pkg?.SPDXID)
      const name = asString(pkg?.name)
      if (!pkg || !id || !name) {
        warnings.push({
          file: file.path,
          message: 'package without SPDXID or name; skipped',
          gap: 'skipped-input',
        })
        continue
      }
      const version = asString(pkg.versionInfo)
      // The described package is the project itself, not one of its components.
      if (described.has(id) && described.size === 1) {
        rootName = { name, version }
        continue
      }
      const purlText = purlOfPackage(pkg)
      const parsedPurl = purlText ? parsePurl(purlText) : null
      if (purlText && !parsedPurl)
        warnings.push({
          file: file.path,
          message: `invalid purl "${purlText}" on ${id}; kept as a generic component`,
        })
      const type = parsedPurl?.type ?? 'generic'
      const pName = parsedPurl?.name ?? name
      const pVersion = parsedPurl?.version ?? version ?? ''
      byId.set(
        id,
        b.add({
          type,
          name: pName,
          version: pVersion,
          scope: 'prod',
          source: 'sbom',
          location: { file: file.path },
          declaredLicences: licencesOf(pkg),
          hashes: hashesOf(pkg),
          supplier: supplierOf(pkg),
          purl: makePurl(type, pName, pVersion || null),
        }),
      )
    }
    const incomingScope = new Map<Purl, Scope>()
    const rank: Scope[] = ['prod', 'provided', 'optional', 'test', 'dev']
    for (const r of relationships) {
      const kind = RELATIONSHIPS[String(r.relationshipType)]
      if (!kind) continue
      const [a, c] =
        kind[0] === 'forward'
          ? [r.spdxElementId, r.relatedSpdxElement]
          : [r.relatedSpdxElement, r.spdxElementId]
      if (typeof a !== 'string' || typeof c !== 'string') continue
      const to = byId.get(c)
      if (!to) continue
      const prev = incomingScope.get(to)
      incomingScope.set(to, prev && rank.indexOf(prev) < rank.indexOf(kind[1]) ? prev : kind[1])
      if (described.has(a) && !byId.has(a)) b.direct(to)
      else if (a === docId) b.direct(to)
      else {
        const from = byId.get(a)
        if (from) b.edge(from, to)
      }
    }
    const graph = b.build(rootName)
    for (const c of graph.components) c.scope = incomingScope.get(c.purl) ?? 'prod'
    // no relationship among the packages at all: whether one is direct or transitive is unknown (issue 14)
    const graphless = graph.edges.length === 0
    const reached = new Set(graph.edges.map((e) => e.to))
    for (const c of graph.components) {
      if (reached.has(c.purl)) continue
      c.direct = true
      if (graphless) c.relationshipUnknown = true
      graph.edges.push({ from: 'root', to: c.purl })
    }
    return { ok: true, graph, warnings }
  },
})
