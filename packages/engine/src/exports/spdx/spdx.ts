// SPDX 2.3 JSON of a report (issue 6 "Downloads": SPDX beside CycloneDX): one package per component
// with its purl, declared licences and dependency relationships rebuilt from the report's paths.
// The report keeps licence leaves, not the declared expression: several leaves are joined with AND.
import { parseSpdxExpression } from '../../licences/expression'
import type { LicenceRef, ReportDocument } from '../../report/document'
import { type ExportContext, exportView, ROOT_REF } from '../components'

interface SpdxPackage {
  SPDXID: string
  name: string
  versionInfo: string
  downloadLocation: 'NOASSERTION'
  filesAnalyzed: false
  licenseConcluded: 'NOASSERTION'
  licenseDeclared: string
  /** The account's copyright text for the library, else NOASSERTION. */
  copyrightText: string
  primaryPackagePurpose: 'LIBRARY' | 'APPLICATION'
  externalRefs?: { referenceCategory: 'PACKAGE-MANAGER'; referenceType: 'purl'; referenceLocator: string }[]
}

interface SpdxRelationship {
  spdxElementId: string
  relationshipType: 'DESCRIBES' | 'DEPENDS_ON'
  relatedSpdxElement: string
}

/** SPDX ids allow letters, digits, '.' and '-' only. */
const idPart = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '')

function declared(licences: readonly LicenceRef[]): string {
  const ids = licences.map((l) => l.id).filter((id) => id !== 'NOT DECLARED / NOT FOUND')
  if (ids.length === 0) return 'NOASSERTION'
  // Anything that is not a valid SPDX expression (a bare licence name) cannot be asserted here.
  if (!ids.every((id) => parseSpdxExpression(id) !== null)) return 'NOASSERTION'
  return ids.length === 1 ? ids[0]! : ids.map((id) => (/\s/.test(id) ? `(${id})` : id)).join(' AND ')
}

/** `created` in SPDX's form: seconds precision, UTC. */
const spdxDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`

export function spdxJson(doc: ReportDocument, ctx: ExportContext): string {
  const view = exportView(doc)
  const rootId = 'SPDXRef-Project'
  const idOf = new Map<string, string>([[ROOT_REF, rootId]])
  view.components.forEach((c, i) => {
    idOf.set(c.ref, `SPDXRef-Package-${i + 1}-${idPart(c.name)}-${idPart(c.version)}`)
  })
  const packages: SpdxPackage[] = [
    {
      SPDXID: rootId,
      name: ctx.projectName,
      versionInfo: doc.project.branch,
      downloadLocation: 'NOASSERTION',
      filesAnalyzed: false,
      licenseConcluded: 'NOASSERTION',
      licenseDeclared: 'NOASSERTION',
      copyrightText: 'NOASSERTION',
      primaryPackagePurpose: 'APPLICATION',
    },
    ...view.components.map(
      (c): SpdxPackage => ({
        SPDXID: idOf.get(c.ref)!,
        name: c.name,
        versionInfo: c.version,
        downloadLocation: 'NOASSERTION',
        filesAnalyzed: false,
        licenseConcluded: 'NOASSERTION',
        licenseDeclared: declared(c.licences),
        copyrightText: c.copyright || 'NOASSERTION',
        primaryPackagePurpose: 'LIBRARY',
        externalRefs: [
          { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: c.purl },
        ],
      }),
    ),
  ]
  const relationships: SpdxRelationship[] = [
    { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: rootId },
  ]
  for (const [from, tos] of view.dependsOn) {
    for (const to of tos) {
      relationships.push({
        spdxElementId: idOf.get(from)!,
        relationshipType: 'DEPENDS_ON',
        relatedSpdxElement: idOf.get(to)!,
      })
    }
  }
  const document = {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: `${ctx.projectName} (${doc.project.branch})`,
    documentNamespace: `https://sextant.local/spdx/${doc.project.uuid}/${doc.uuid}`,
    creationInfo: { created: spdxDate(ctx.generatedAt), creators: ['Tool: sextant'] },
    packages,
    relationships,
  }
  return `${JSON.stringify(document, null, 2)}\n`
}
