// The CycloneDX model of a report (product-notes "Downloads": sbom-cdx.json / sbom-cdx.xml), built
// with @cyclonedx/cyclonedx-library: components with purls and licences, the dependency graph rebuilt
// from the report's paths, and vulnerabilities with ratings, CWEs, fixes and the components they affect.
// Issue 19 "Exports auditors can use": hashes, supplier and licences as the input gave them, dev-only
// components `excluded` (npm ones also `cdx:npm:package:development`), CVSS method + vector + score, the
// project's own version. The CycloneDX extractors read all of it back (round trip).
import { Enums, Models, SPDX } from '@cyclonedx/cyclonedx-library'
import { parseSpdxExpression } from '../../licences/expression'
import type { Scope } from '../../model'
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

/** One licence as the input wrote it: an SPDX id, an SPDX expression, else a name. */
function givenLicence(text: string): Models.License {
  if (SPDX.isSupportedSpdxId(text)) return new Models.SpdxLicense(text)
  if (/\s(AND|OR|WITH)\s/i.test(text) && parseSpdxExpression(text) !== null)
    return new Models.LicenseExpression(text)
  return new Models.NamedLicense(text)
}

function licencesOf(c: ExportComponent): Models.License[] {
  if (c.givenLicences.length > 0) {
    const given = c.givenLicences.map(givenLicence)
    // CycloneDX allows one expression or a list of licences, not both: several entries with an
    // expression among them become one expression (each entry applies, as the report reads them).
    if (given.length > 1 && given.some((l) => l instanceof Models.LicenseExpression)) {
      const joined = c.givenLicences.map((t) => (/\s/.test(t) ? `(${t})` : t)).join(' AND ')
      if (parseSpdxExpression(joined) !== null) return [new Models.LicenseExpression(joined)]
      return c.givenLicences.map((t) => new Models.NamedLicense(t))
    }
    return given
  }
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

/** CVSS rating method by the vector's prefix (a v2 vector has none). */
function ratingMethodOf(vector: string): Enums.Vulnerability.RatingMethod {
  if (vector.startsWith('CVSS:4.0/')) return Enums.Vulnerability.RatingMethod.CVSSv4
  if (vector.startsWith('CVSS:3.1/')) return Enums.Vulnerability.RatingMethod.CVSSv31
  if (vector.startsWith('CVSS:3.0/')) return Enums.Vulnerability.RatingMethod.CVSSv3
  return Enums.Vulnerability.RatingMethod.CVSSv2
}

/**
 * CycloneDX scope: dev and test components are not part of what ships, so `excluded` (the CycloneDX
 * extractors read that back as dev); provided is there at run time, so required.
 */
function scopeOf(scope: Scope): Enums.ComponentScope {
  if (scope === 'optional') return Enums.ComponentScope.Optional
  if (scope === 'dev' || scope === 'test') return Enums.ComponentScope.Excluded
  return Enums.ComponentScope.Required
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
  // the method is known only with the vector (reports stored before it was kept: the score alone)
  v.ratings.add(
    new Models.Vulnerability.Rating({
      severity: severityOf[a.severity],
      ...(a.cvss !== null ? { score: a.cvss } : {}),
      ...(a.cvss !== null && a.cvssVector
        ? { method: ratingMethodOf(a.cvssVector), vector: a.cvssVector }
        : {}),
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
    // the project's own version; the branch is not one (a property keeps it)
    ...(doc.project.version ? { version: doc.project.version } : {}),
  })
  root.properties.add(new Models.Property('sextant:branch', doc.project.branch))
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
      scope: scopeOf(c.scope),
      licenses: new Models.LicenseRepository(licencesOf(c)),
      hashes: new Models.HashDictionary(c.hashes.map((h) => [h.alg as Enums.HashAlgorithm, h.content])),
      ...(c.supplier ? { supplier: new Models.OrganizationalEntity({ name: c.supplier }) } : {}),
      // the account's copyright text for the library (spec report-page §2 Copyright edit dialog)
      ...(c.copyright ? { copyright: c.copyright } : {}),
    })
    component.properties.add(new Models.Property('sextant:scope', c.scope))
    if (c.scope === 'dev' && c.language === 'nodejs')
      component.properties.add(new Models.Property('cdx:npm:package:development', 'true'))
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
