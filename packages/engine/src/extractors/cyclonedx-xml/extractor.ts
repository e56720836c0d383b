// CycloneDX XML SBOMs, spec versions 1.2-1.6 (CycloneDX XML schema; DESIGN §4 extractors, §7 limits):
// the same reading as the JSON form, from <components>, <licenses> and <dependencies>.
import type { Warning } from '../../model'
import { type CdxBom, type CdxComponent, cdxToGraph } from '../shared/cyclonedx-graph'
import { isCycloneDxName } from '../shared/cyclonedx-name'
import { baseName, defineExtractor } from '../shared/define'
import { asRecord } from '../shared/json'
import { decodeXmlText, parseXml } from '../shared/xml'

const ARRAYS = new Set(['component', 'dependency', 'license', 'property', 'expression', 'hash'])
/** Elements this extractor never reads: their subtrees are checked by the parser but not built. */
const SKIP = new Set([
  'externalReferences',
  'description',
  'author',
  'authors',
  'publisher',
  'manufacturer',
  'copyright',
  'cpe',
  'swid',
  'pedigree',
  'evidence',
  'tools',
  'text',
  'url',
  'releaseNotes',
  'data',
  'services',
  'vulnerabilities',
  'annotations',
  'compositions',
  'formulation',
  'signature',
])

/** Text of an element that may carry attributes (`{ '#text': … }`); parseXml has decoded it. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value
  const rec = asRecord(value)
  const t = rec?.['#text']
  return typeof t === 'string' ? t : null
}

function list(value: unknown, key: string): unknown[] {
  const rec = asRecord(value)
  const items = rec?.[key]
  return Array.isArray(items) ? items : []
}

/** First line of each `<purl>` text (newlines counted by indexOf jumps, not per character). */
function purlLines(xml: string): Map<string, number> {
  const out = new Map<string, number>()
  const re = /<(?:\w+:)?purl>([^<]*)</g
  let line = 1
  let last = 0
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    for (let nl = xml.indexOf('\n', last); nl !== -1 && nl < m.index; nl = xml.indexOf('\n', nl + 1)) line++
    last = m.index
    const purl = decodeXmlText(m[1]!.trim())
    if (!out.has(purl)) out.set(purl, line)
  }
  return out
}

function componentOf(value: unknown, lines: Map<string, number>, depth: number): CdxComponent | null {
  const rec = asRecord(value)
  if (!rec || depth > 64) return null
  const purl = text(rec.purl)
  const licences: string[] = []
  const licRec = asRecord(rec.licenses)
  for (const l of list(licRec, 'license')) {
    const id = text(asRecord(l)?.id) ?? text(asRecord(l)?.name)
    if (id) licences.push(id)
  }
  for (const e of list(licRec, 'expression')) {
    const t = text(e)
    if (t) licences.push(t)
  }
  const properties = list(rec.properties, 'property').map(asRecord)
  const development = properties.some(
    (r) => r?.['@_name'] === 'cdx:npm:package:development' && text(r) === 'true',
  )
  const sextantScope = properties.find((r) => r?.['@_name'] === 'sextant:scope')
  return {
    ref: typeof rec['@_bom-ref'] === 'string' ? rec['@_bom-ref'] : null,
    purl,
    type: typeof rec['@_type'] === 'string' ? rec['@_type'] : null,
    group: text(rec.group),
    name: text(rec.name),
    version: text(rec.version),
    scope: text(rec.scope),
    licences,
    hashes: list(rec.hashes, 'hash').flatMap((h) => {
      const alg = asRecord(h)?.['@_alg']
      const content = text(h)
      return typeof alg === 'string' && content ? [{ alg, content }] : []
    }),
    supplier: text(asRecord(rec.supplier)?.name),
    development,
    sextantScope: sextantScope ? text(sextantScope) : null,
    line: purl ? lines.get(purl) : undefined,
    children: list(rec.components, 'component')
      .map((c) => componentOf(c, lines, depth + 1))
      .filter((c): c is CdxComponent => c !== null),
  }
}

export const cyclonedxXmlExtractor = defineExtractor({
  id: 'cyclonedx-xml',
  ecosystem: 'any',
  kind: 'sbom',
  matches: (path) => isCycloneDxName(baseName(path), 'xml'),
  extract(file) {
    const parsed = parseXml(file.content, file.path, ARRAYS, SKIP)
    if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] }
    const bom = asRecord(asRecord(parsed.value)?.bom)
    if (!bom) {
      return {
        ok: false,
        error: { file: file.path, line: 1, message: 'not a CycloneDX XML document (no <bom> element)' },
        warnings: [],
      }
    }
    const warnings: Warning[] = []
    const ns = /cyclonedx\.org\/schema\/bom\/(\d+\.\d+)/.exec(String(bom['@_xmlns'] ?? ''))?.[1]
    if (ns && !/^1\.[1-6]$/.test(ns))
      warnings.push({ file: file.path, line: 1, message: `CycloneDX ${ns} is outside 1.2-1.6; read as 1.6` })
    const lines = purlLines(file.content)
    const components = list(bom.components, 'component')
      .map((c) => componentOf(c, lines, 0))
      .filter((c): c is CdxComponent => c !== null)
    const dependencies: CdxBom['dependencies'] = []
    for (const d of list(bom.dependencies, 'dependency')) {
      const rec = asRecord(d)
      const ref = typeof rec?.['@_ref'] === 'string' ? rec['@_ref'] : null
      if (!ref) continue
      const on = list(rec, 'dependency')
        .map((x) => asRecord(x)?.['@_ref'])
        .filter((x): x is string => typeof x === 'string')
      dependencies.push({ ref, dependsOn: on })
    }
    const meta = asRecord(bom.metadata)?.component
    const root = componentOf(Array.isArray(meta) ? meta[0] : meta, lines, 0)
    return { ok: true, graph: cdxToGraph({ root, components, dependencies }, file.path, warnings), warnings }
  },
})
