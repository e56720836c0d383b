// The CycloneDX VEX document of writeVex (vex.ts), written with @cyclonedx/cyclonedx-library. Every
// excluded advice of the report becomes a vulnerability with its `source` (Dependency-Track's importer
// skips entries without one), the components it affects and the exclusion's analysis; an exclusion
// without an analysis stands for the one its reason means (exclusions/analysis.ts analysisOfReason):
//   mitigated    → not_affected, protected_by_mitigating_control, response workaround_available
//                  (the library is still there: a control of the team's own stops it; never `resolved`)
//   unapplicable → not_affected (the team judged that the vulnerable code does not apply)
//   invalid      → false_positive (reported as incorrect)
// Advice and CVE exclusions that match nothing in the report are listed with their state and no `affects`.
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library'
import { analysisOfReason, type FindingAnalysis } from './analysis'
import type { AppliedExclusion, Exclusion, ExclusionReason } from './model'
import { purlOfLibrary, VEX_ADVICE_PROPERTY, VEX_EXPIRES_PROPERTY, type VexOptions } from './vex'

export function vexAnalysisOf(
  reason: ExclusionReason,
  detail: string,
  given?: FindingAnalysis,
): Models.Vulnerability.Analysis {
  const a = given ?? analysisOfReason(reason === 'ignored' ? 'unapplicable' : reason, detail)
  const analysis = new Models.Vulnerability.Analysis({
    state: a.state as Enums.Vulnerability.AnalysisState,
    ...(a.justification
      ? { justification: a.justification as Enums.Vulnerability.AnalysisJustification }
      : {}),
    detail: a.detail || detail,
  })
  for (const r of a.responses) analysis.response.add(r as Enums.Vulnerability.AnalysisResponse)
  return analysis
}

/** The database an identifier comes from, as Dependency-Track names its sources (NVD, GITHUB, OSV). */
export function vulnerabilitySourceOf(id: string): Models.Vulnerability.Source {
  if (/^CVE-/i.test(id))
    return new Models.Vulnerability.Source({
      name: 'NVD',
      url: new URL(`https://nvd.nist.gov/vuln/detail/${id}`),
    })
  if (/^GHSA-/i.test(id))
    return new Models.Vulnerability.Source({
      name: 'GITHUB',
      url: new URL(`https://github.com/advisories/${id}`),
    })
  return new Models.Vulnerability.Source({ name: 'OSV', url: new URL(`https://osv.dev/vulnerability/${id}`) })
}

const reasonOf = (reason: ExclusionReason) => (reason === 'ignored' ? 'unapplicable' : reason)

function isSecurity(a: unknown): a is AppliedExclusion {
  return typeof a === 'object' && a !== null && String((a as AppliedExclusion).source).startsWith('security:')
}

export function writeVexDocument(exclusions: readonly Exclusion[], options: VexOptions = {}): string {
  const bom = new Models.Bom({ ...(options.serialNumber ? { serialNumber: options.serialNumber } : {}) })
  if (options.timestamp) bom.metadata.timestamp = options.timestamp
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, 'sextant'))
  const components = new Map<string, Models.Component>()
  const vulnerabilities = new Map<string, { v: Models.Vulnerability.Vulnerability; refs: Set<string> }>()
  const covered = new Set<string>()

  for (const assessment of options.report?.security.assessments ?? []) {
    for (const r of assessment.reports) {
      const { name, language } = r.dependency.library
      for (const advice of r.advices) {
        const first = (advice.exclusions ?? []).find(isSecurity)
        const stored = options.analyses?.get(`${language}/${name}@${r.dependency.version}#${advice.id}`)
        if (!first && !stored) continue
        const analysis =
          stored?.analysis ?? first!.analysis ?? analysisOfReason(reasonOf(first!.reason), first!.description)
        const expires = stored ? stored.expires : (first?.expires ?? null)
        const purl = purlOfLibrary(language, name, r.dependency.version)
        let component = components.get(purl)
        if (!component) {
          component = new Models.Component(Enums.ComponentType.Library, name, {
            version: r.dependency.version,
            bomRef: purl,
          })
          components.set(purl, component)
          bom.components.add(component)
        }
        const id = advice.cve ?? advice.id
        // one entry per vulnerability and analysis: components analysed differently get their own
        const group = `${id}\u0000${JSON.stringify(analysis)}\u0000${expires ?? ''}`
        let entry = vulnerabilities.get(group)
        if (!entry) {
          const v = new Models.Vulnerability.Vulnerability({
            bomRef: `vuln:${id}:${vulnerabilities.size}`,
            id,
            description: advice.description.slice(0, 2000),
            source: vulnerabilitySourceOf(id),
            analysis: vexAnalysisOf('unapplicable', analysis.detail, analysis),
          })
          v.properties.add(new Models.Property(VEX_ADVICE_PROPERTY, advice.id))
          if (expires) v.properties.add(new Models.Property(VEX_EXPIRES_PROPERTY, expires))
          entry = { v, refs: new Set() }
          vulnerabilities.set(group, entry)
        }
        if (!entry.refs.has(purl)) {
          entry.refs.add(purl)
          entry.v.affects.add(new Models.Vulnerability.Affect(component.bomRef))
        }
        covered.add(advice.id.toLowerCase())
        if (advice.cve) covered.add(advice.cve.toUpperCase())
      }
    }
  }
  for (const e of exclusions) {
    const id = e.source === 'security:advices' ? e.uuid : e.source === 'security:cves' ? e.cve : null
    if (!id || covered.has(id.toLowerCase()) || covered.has(id.toUpperCase()) || vulnerabilities.has(id))
      continue
    vulnerabilities.set(id, {
      v: new Models.Vulnerability.Vulnerability({
        bomRef: `vuln:${id}`,
        id,
        source: vulnerabilitySourceOf(id),
        analysis: vexAnalysisOf(e.reason, e.description, e.analysis),
      }),
      refs: new Set(),
    })
  }
  for (const { v } of vulnerabilities.values()) bom.vulnerabilities.add(v)
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot5))
  return serializer.serialize(bom, { sortLists: true, space: 2 })
}
