// CycloneDX JSON SBOMs, spec versions 1.2-1.6 (CycloneDX JSON schema; DESIGN §4 extractors):
// nested components, purls of any type, scopes, licences and the `dependencies` graph.
import type { Warning } from '../../model'
import { type CdxBom, type CdxComponent, cdxToGraph } from '../shared/cyclonedx-graph'
import { isCycloneDxName } from '../shared/cyclonedx-name'
import { baseName, defineExtractor } from '../shared/define'
import { asRecord, asString, parseJson } from '../shared/json'

function purlLines(text: string): Map<string, number> {
  const out = new Map<string, number>()
  const re = /"purl"\s*:\s*"([^"]*)"/g
  let line = 1
  let last = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = last; i < m.index; i++) if (text.charCodeAt(i) === 10) line++
    last = m.index
    if (!out.has(m[1]!)) out.set(m[1]!, line)
  }
  return out
}

function licencesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  const out: string[] = []
  for (const item of value) {
    const rec = asRecord(item)
    if (!rec) continue
    const expr = asString(rec.expression)
    if (expr) out.push(expr)
    const lic = asRecord(rec.license)
    const id = lic ? (asString(lic.id) ?? asString(lic.name)) : null
    if (id) out.push(id)
  }
  return out
}

function componentOf(value: unknown, lines: Map<string, number>, depth: number): CdxComponent | null {
  const rec = asRecord(value)
  if (!rec || depth > 64) return null
  const purl = asString(rec.purl)
  const props = Array.isArray(rec.properties) ? rec.properties : []
  const development = props.some((p) => {
    const r = asRecord(p)
    return r?.name === 'cdx:npm:package:development' && r.value === 'true'
  })
  const sextantScope = props.map(asRecord).find((r) => r?.name === 'sextant:scope')?.value
  const children = Array.isArray(rec.components)
    ? rec.components.map((c) => componentOf(c, lines, depth + 1)).filter((c): c is CdxComponent => c !== null)
    : []
  return {
    ref: asString(rec['bom-ref']),
    purl,
    type: asString(rec.type),
    group: asString(rec.group),
    name: asString(rec.name),
    version: asString(rec.version),
    scope: asString(rec.scope),
    licences: licencesOf(rec.licenses),
    hashes: (Array.isArray(rec.hashes) ? rec.hashes : []).flatMap((h) => {
      const r = asRecord(h)
      const alg = r ? asString(r.alg) : null
      const content = r ? asString(r.content) : null
      return alg && content ? [{ alg, content }] : []
    }),
    supplier: asString(asRecord(rec.supplier)?.name),
    development,
    sextantScope: typeof sextantScope === 'string' ? sextantScope : null,
    line: purl ? lines.get(purl) : undefined,
    children,
  }
}

export const cyclonedxJsonExtractor = defineExtractor({
  id: 'cyclonedx-json',
  ecosystem: 'any',
  kind: 'sbom',
  matches: (path) => isCycloneDxName(baseName(path), 'json'),
  extract(file) {
    const parsed = parseJson(file.content, file.path)
    if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] }
    const doc = asRecord(parsed.value)
    if (doc?.bomFormat !== 'CycloneDX') {
      return {
        ok: false,
        error: {
          file: file.path,
          line: 1,
          message: 'not a CycloneDX JSON document (bomFormat is not "CycloneDX")',
        },
        warnings: [],
      }
    }
    const warnings: Warning[] = []
    const spec = asString(doc.specVersion)
    if (spec && !/^1\.[2-6]$/.test(spec)) {
      warnings.push({
        file: file.path,
        line: 1,
        message: `CycloneDX specVersion ${spec} is outside 1.2-1.6; read as 1.6`,
      })
    }
    const lines = purlLines(file.content)
    const components = Array.isArray(doc.components)
      ? doc.components.map((c) => componentOf(c, lines, 0)).filter((c): c is CdxComponent => c !== null)
      : []
    const dependencies: CdxBom['dependencies'] = []
    if (Array.isArray(doc.dependencies)) {
      for (const d of doc.dependencies) {
        const rec = asRecord(d)
        const ref = rec ? asString(rec.ref) : null
        if (!rec || !ref) continue
        const on = Array.isArray(rec.dependsOn) ? rec.dependsOn : []
        // 1.2 wrote dependsOn as strings; some tools wrote { ref } objects.
        const refs = on
          .map((x) => asString(x) ?? asString(asRecord(x)?.ref))
          .filter((x): x is string => x !== null)
        dependencies.push({ ref, dependsOn: refs })
      }
    }
    const root = componentOf(asRecord(doc.metadata)?.component, lines, 0)
    const graph = cdxToGraph({ root, components, dependencies }, file.path, warnings)
    return { ok: true, graph, warnings }
  },
})
