// The CycloneDX model of a report (product-notes "Downloads": sbom-cdx.json / sbom-cdx.xml), built
// with @cyclonedx/cyclonedx-library: components with purls and licences, the dependency graph rebuilt
// from the report's paths, and vulnerabilities with ratings, CWEs, fixes and the components they affect.
import { Enums, Models, SPDX } from '@cyclonedx/cyclonedx-library'
import type { Advice, ReportDocument, Severity } from '../../report/document'
import { type ExportComponent, type ExportContext, exportView, ROOT_REF } from '../components'

const severityOf: Record<Severity, Enums.Vulnerability.Severity> = {
  CRITICAL: Enums.Vulnerability.Severity.Critical,
  HIGH: Enums.Vulnerability.Severity.High,
  MEDIUM: Enums.Vulnerability.Severity.Medium,
  LOW: Enums.Vulnerability.Severity.Low,
  SUGGEST: Enums.Vulnerability.Severity.Info,
  NONE: Enums.Vulnerability.Severity.None,
}

function licencesOf(c: ExportComponent): Models.License[] {
  const out: Models.License[] = []
  for (const l of c.licences) {
    if (l.id === 'NOT DECLARED / NOT FOUND') continue
    if (SPDX.isSupportedSpdxId(l.id)) out.push(new Models.SpdxLicense(l.id, l.uri ? { url: l.uri } : {}))
    else out.push(new Models.NamedLicense(l.name || l.id))
  }
  return out
}

/** Maven `group:artifact` and npm `@scope/name`: CycloneDX keeps the group apart. */
function nameParts(c: ExportComponent): { group?: string; name: string } {
  const i = c.language === 'java' ? c.name.indexOf(':') : c.name.startsWith('@') ? c.name.indexOf('/') : -1
  return i > 0 ? { group: c.name.slice(0, i), name: c.name.slice(i + 1) } : { name: c.name }
}

function vulnerabilityOf(a: Advice, affected: Models.Component[]): Models.Vulnerability.Vulnerability {
  const id = a.cve ?? a.id
  const isGhsa = id.startsWith('GHSA-')
  const v = new Models.Vulnerability.Vulnerability({
    bomRef: `vuln:${a.id}`,
    id,
    source: new Models.Vulnerability.Source(
      id.startsWith('CVE-')
        ? { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` }
        : isGhsa
          ? { name: 'GitHub', url: `https://github.com/advisories/${id}` }
          : { name: 'OSV', url: `https://osv.dev/vulnerability/${a.id}` },
    ),
    description: a.description,
    ...(a.fixedInVersions.length ? { recommendation: `Upgrade to ${a.fixedInVersions.join(' or ')}.` } : {}),
  })
  v.ratings.add(
    new Models.Vulnerability.Rating({
      severity: severityOf[a.severity],
      ...(a.cvss !== null ? { score: a.cvss, method: Enums.Vulnerability.RatingMethod.CVSSv31 } : {}),
    }),
  )
  const cwe = a.cwe ? Number(/(\d+)$/.exec(a.cwe)?.[1]) : Number.NaN
  if (Number.isInteger(cwe) && cwe > 0) v.cwes.add(cwe)
  if (a.id !== id) {
    const osv = new Models.Vulnerability.Source({ name: 'OSV', url: `https://osv.dev/vulnerability/${a.id}` })
    v.references.add(new Models.Vulnerability.Reference(a.id, osv))
  }
  for (const link of a.links) {
    if (/^https?:\/\//.test(link.url)) v.advisories.add(new Models.Vulnerability.Advisory(link.url))
  }
  for (const comp of affected) {
    v.affects.add(
      new Models.Vulnerability.Affect(comp.bomRef, {
        versions: new Models.Vulnerability.AffectedVersionRepository([
          new Models.Vulnerability.AffectedSingleVersion(comp.version ?? '', {
            status: Enums.Vulnerability.AffectStatus.Affected,
          }),
        ]),
      }),
    )
  }
  return v
}

export function reportBom(doc: ReportDocument, ctx: ExportContext): Models.Bom {
  const view = exportView(doc)
  const root = new Models.Component(Enums.ComponentType.Application, ctx.projectName, {
    bomRef: ROOT_REF,
    version: doc.project.branch,
  })
  const bom = new Models.Bom({
    serialNumber: `urn:uuid:${doc.uuid}`,
    metadata: new Models.Metadata({
      timestamp: ctx.generatedAt,
      component: root,
      tools: new Models.Tools({
        components: new Models.ComponentRepository([
          new Models.Component(Enums.ComponentType.Application, 'sextant', { group: 'sextant' }),
        ]),
      }),
    }),
  })
  // what each domain could assess (issue 14): a BOM of an unassessed report must not read as "no
  // vulnerabilities"; report status and each domain's state, beside the findings
  bom.metadata.properties.add(new Models.Property('sextant:report:status', doc.status))
  for (const domain of ['security', 'stability', 'licensing'] as const)
    bom.metadata.properties.add(
      new Models.Property(`sextant:assessment:${domain}`, doc[domain].assessment.state),
    )
  const byRef = new Map<string, Models.Component>()
  for (const c of view.components) {
    const { group, name } = nameParts(c)
    const component = new Models.Component(Enums.ComponentType.Library, name, {
      bomRef: c.ref,
      ...(group ? { group } : {}),
      version: c.version,
      purl: c.purl,
      scope: c.scope === 'optional' ? Enums.ComponentScope.Optional : Enums.ComponentScope.Required,
      licenses: new Models.LicenseRepository(licencesOf(c)),
      // the account's copyright text for the library (spec report-page §2 Copyright edit dialog)
      ...(c.copyright ? { copyright: c.copyright } : {}),
    })
    component.properties.add(new Models.Property('sextant:scope', c.scope))
    component.properties.add(
      new Models.Property('sextant:transitive', c.relationshipUnknown ? 'unknown' : String(c.transitive)),
    )
    byRef.set(c.ref, component)
    bom.components.add(component)
  }
  for (const [from, tos] of view.dependsOn) {
    const source = from === ROOT_REF ? root : byRef.get(from)
    for (const to of tos) {
      const target = byRef.get(to)
      if (source && target) source.dependencies.add(target.bomRef)
    }
  }
  // One vulnerability per advice id, affecting every component the report lists it under.
  const advices = new Map<string, { advice: Advice; affected: Models.Component[] }>()
  for (const c of view.components) {
    for (const a of c.advices) {
      const entry = advices.get(a.id) ?? { advice: a, affected: [] }
      entry.affected.push(byRef.get(c.ref)!)
      advices.set(a.id, entry)
    }
  }
  for (const { advice, affected } of advices.values())
    bom.vulnerabilities.add(vulnerabilityOf(advice, affected))
  return bom
}
