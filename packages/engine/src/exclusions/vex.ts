// Exclusions as a CycloneDX VEX document (DESIGN §4 exports "VEX from exclusions"; spec report-page §3
// Exclusion), written with @cyclonedx/cyclonedx-library. Every excluded advice of the report becomes a
// vulnerability with the components it affects and an analysis derived from the exclusion's reason:
//   mitigated    → state `resolved`, response `workaround_available` (fixed by a control of the team's own)
//   unapplicable → state `not_affected` (the team judged that the vulnerable code does not apply)
//   invalid      → state `false_positive` (reported as incorrect)
// Advice and CVE exclusions that match nothing in the report are listed with their state and no `affects`.
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library'
import type { ReportDocument } from '../report/document'
import type { AppliedExclusion, Exclusion, ExclusionReason } from './model'

const STATE: Record<Exclude<ExclusionReason, 'ignored'>, Enums.Vulnerability.AnalysisState> = {
  mitigated: Enums.Vulnerability.AnalysisState.Resolved,
  unapplicable: Enums.Vulnerability.AnalysisState.NotAffected,
  invalid: Enums.Vulnerability.AnalysisState.FalsePositive,
}

export function vexAnalysisOf(reason: ExclusionReason, detail: string): Models.Vulnerability.Analysis {
  const state = reason === 'ignored' ? Enums.Vulnerability.AnalysisState.NotAffected : STATE[reason]
  const analysis = new Models.Vulnerability.Analysis({ state, detail })
  if (reason === 'mitigated') analysis.response.add(Enums.Vulnerability.AnalysisResponse.WorkaroundAvailable)
  return analysis
}

/** A purl for a report row: pkg:npm/%40scope/name@1.0.0, pkg:maven/group/artifact@1.0. */
export function purlOfLibrary(language: string, name: string, version: string): string {
  const v = encodeURIComponent(version)
  if (language === 'java' && name.includes(':')) {
    const [group, artifact] = name.split(':')
    return `pkg:maven/${encodeURIComponent(group!)}/${encodeURIComponent(artifact!)}@${v}`
  }
  if (language === 'nodejs') {
    const parts = name.split('/').map(encodeURIComponent)
    return `pkg:npm/${parts.join('/')}@${v}`
  }
  return `pkg:generic/${encodeURIComponent(name)}@${v}`
}

function isSecurity(a: unknown): a is AppliedExclusion {
  return typeof a === 'object' && a !== null && String((a as AppliedExclusion).source).startsWith('security:')
}

export interface VexOptions {
  /** The report the exclusions were applied to; without one only advice and CVE exclusions are listed. */
  report?: ReportDocument | null
  /** Serial number (urn:uuid:…) and creation time: arguments, the engine has no clock or randomness. */
  serialNumber?: string
  timestamp?: Date
}

export function writeVex(exclusions: readonly Exclusion[], options: VexOptions = {}): string {
  const bom = new Models.Bom({ ...(options.serialNumber ? { serialNumber: options.serialNumber } : {}) })
  if (options.timestamp) bom.metadata.timestamp = options.timestamp
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, 'sextant'))
  const components = new Map<string, Models.Component>()
  const vulnerabilities = new Map<string, { v: Models.Vulnerability.Vulnerability; refs: Set<string> }>()
  const covered = new Set<string>()

  for (const assessment of options.report?.security.assessments ?? []) {
    for (const r of assessment.reports) {
      for (const advice of r.advices) {
        const first = (advice.exclusions ?? []).find(isSecurity)
        if (!first) continue
        const purl = purlOfLibrary(
          r.dependency.library.language,
          r.dependency.library.name,
          r.dependency.version,
        )
        let component = components.get(purl)
        if (!component) {
          component = new Models.Component(Enums.ComponentType.Library, r.dependency.library.name, {
            version: r.dependency.version,
            bomRef: purl,
          })
          components.set(purl, component)
          bom.components.add(component)
        }
        const id = advice.cve ?? advice.id
        let entry = vulnerabilities.get(id)
        if (!entry) {
          entry = {
            v: new Models.Vulnerability.Vulnerability({
              bomRef: `vuln:${id}`,
              id,
              description: advice.description.slice(0, 2000),
              analysis: vexAnalysisOf(first.reason, first.description),
            }),
            refs: new Set(),
          }
          vulnerabilities.set(id, entry)
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
        analysis: vexAnalysisOf(e.reason, e.description),
      }),
      refs: new Set(),
    })
  }
  for (const { v } of vulnerabilities.values()) bom.vulnerabilities.add(v)
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot5))
  return serializer.serialize(bom, { sortLists: true, space: 2 })
}
