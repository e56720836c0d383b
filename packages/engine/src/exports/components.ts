// The report seen as a flat component list, the common input of every download format (spec
// report-page §9 "Download types"; product-notes "Downloads"). Joins security, licensing and
// stability rows by language, name and version; rebuilds the dependency edges from the hierarchy.
import type { ComponentHash, Language, Scope } from '../model'
import { makePurl } from '../model'
import type { Advice, LicenceRef, ReportDocument, StabilityVersion } from '../report/document'
import type { TotalsScope } from '../report/totals'
import type { ReportView } from './csv/view'

export interface ExportComponent {
  /** Unique within the document: the purl (a bom-ref, an SPDX id seed). */
  ref: string
  language: Language
  name: string
  version: string
  purl: string
  scope: Scope
  transitive: boolean
  /** From an SBOM without a dependency graph: neither direct nor transitive is known (issue 14). */
  relationshipUnknown: boolean
  licences: LicenceRef[]
  /** The licences as the input (or the account's licence fix) gave them, expressions unsplit; else empty. */
  givenLicences: string[]
  /** Digests of the package file as the input gave them. */
  hashes: ComponentHash[]
  /** The supplier the input SBOM named; empty when none. */
  supplier: string
  /** The account's copyright text for the library (the licensing result's), empty when none was set. */
  copyright: string
  advices: Advice[]
  stability: StabilityVersion | null
  /** Direct dependencies that bring it in (`name:version`), as the report lists them. */
  introducedBy: string[]
}

export interface ExportView {
  components: ExportComponent[]
  /** Refs each component depends on; the key `ROOT_REF` is the project itself. */
  dependsOn: Map<string, Set<string>>
}

export const ROOT_REF = 'sextant:project'

const purlTypeOf: Record<Language, string> = {
  nodejs: 'npm',
  java: 'maven',
  python: 'pypi',
  golang: 'golang',
  php: 'composer',
  dotnet: 'nuget',
  ruby: 'gem',
  rust: 'cargo',
  other: 'generic',
}

export function purlOf(language: Language, name: string, version: string): string {
  try {
    return makePurl(purlTypeOf[language], name, version)
  } catch {
    // A name the purl library refuses (empty segments): keep a generic, still unique, purl.
    return `pkg:generic/${encodeURIComponent(name)}@${encodeURIComponent(version)}`
  }
}

const keyOf = (language: string, name: string, version: string) => `${language}\u0000${name}\u0000${version}`

/** `name:version` as hierarchy labels write it; the version follows the last colon. */
function splitLabel(label: string): { name: string; version: string } | null {
  const i = label.lastIndexOf(':')
  return i > 0 ? { name: label.slice(0, i), version: label.slice(i + 1) } : null
}

export function exportView(doc: ReportDocument): ExportView {
  const licences = new Map<string, { licenses: LicenceRef[]; copyright?: string; given?: string[] }>()
  for (const r of doc.licensing.reports)
    for (const res of r.results) licences.set(keyOf(r.language, res.library.name, res.version), res)
  const stability = new Map<string, StabilityVersion>()
  for (const r of doc.stability.reports)
    for (const v of r.versions) stability.set(keyOf(r.language, v.name, v.version), v)

  const components: ExportComponent[] = []
  const byLabel = new Map<string, string>()
  const hierarchies: { ref: string; paths: string[][] }[] = []
  const seen = new Set<string>()
  for (const assessment of doc.security.assessments) {
    for (const report of assessment.reports) {
      const { name } = report.dependency.library
      const { version } = report.dependency
      const key = keyOf(assessment.language, name, version)
      const purl = purlOf(assessment.language, name, version)
      // The same purl twice (one component in two workspaces) is one SBOM component.
      if (seen.has(purl)) continue
      seen.add(purl)
      components.push({
        ref: purl,
        language: assessment.language,
        name,
        version,
        purl,
        scope: report.scope,
        transitive: report.transitive,
        relationshipUnknown: report.relationshipUnknown === true,
        licences: licences.get(key)?.licenses ?? [],
        givenLicences: licences.get(key)?.given ?? [],
        hashes: report.hashes ?? [],
        supplier: report.supplier ?? '',
        copyright: licences.get(key)?.copyright ?? '',
        advices: report.advices,
        stability: stability.get(key) ?? null,
        introducedBy: report.introducedBy,
      })
      if (!byLabel.has(`${name}:${version}`)) byLabel.set(`${name}:${version}`, purl)
      hierarchies.push({ ref: purl, paths: report.hierarchy })
    }
  }

  const dependsOn = new Map<string, Set<string>>([[ROOT_REF, new Set()]])
  for (const c of components) dependsOn.set(c.ref, new Set())
  const refOf = (label: string) => {
    const ref = byLabel.get(label)
    if (ref) return ref
    const parts = splitLabel(label)
    return parts ? (byLabel.get(`${parts.name}:${parts.version}`) ?? null) : null
  }
  // a component whose relationship is unknown is not claimed as the project's direct dependency
  for (const c of components) if (!c.transitive && !c.relationshipUnknown) dependsOn.get(ROOT_REF)!.add(c.ref)
  for (const { paths } of hierarchies) {
    for (const path of paths) {
      // path[0] is the project itself; every later pair is one edge of the graph.
      for (let i = 1; i < path.length - 1; i++) {
        const from = refOf(path[i]!)
        const to = refOf(path[i + 1]!)
        if (from && to && from !== to) dependsOn.get(from)?.add(to)
      }
    }
  }
  return { components, dependsOn }
}

/** 'direct', 'transitive', or 'unknown' for a component of an SBOM without a dependency graph. */
export function relationshipText(c: { transitive: boolean; relationshipUnknown?: boolean | true }): string {
  if (c.relationshipUnknown) return 'unknown'
  return c.transitive ? 'transitive' : 'direct'
}

/** Licence ids for one cell or line: `MIT; Apache-2.0` (the report keeps leaves, not the expression). */
export function licenceText(licences: readonly LicenceRef[]): string {
  return licences.map((l) => l.id).join('; ')
}

/** What a format needs beside the document: the project's name, when the file is made, and its scope. */
export interface ExportContext {
  projectName: string
  generatedAt: Date
  /** 'prod': only production dependencies, as the page's 'Production' scope shows them; default 'all'. */
  scope?: TotalsScope
  /** What the page shows (languages, issues only, security filters): the CSV formats list only that. */
  view?: ReportView
}
