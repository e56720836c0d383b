// SPDX 2.3 JSON of a report (issue 6 "Downloads": SPDX beside CycloneDX): one package per component
// with its purl, declared licences and dependency relationships rebuilt from the report's paths.
// Licences as the input gave them where it did (else the report's leaves, joined with AND); checksums
// from the input's hashes; a dev / test dependency is DEV_DEPENDENCY_OF / TEST_DEPENDENCY_OF its
// dependant instead of a DEPENDS_ON edge (issue 19), which the SPDX extractor reads back as that scope.
import { parseSpdxExpression } from '../../licences/expression'
import { type ComponentHash, type Scope, spdxChecksumAlgorithm } from '../../model'
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
  /** Spec 7.10: the input's digests of the package file. */
  checksums?: { algorithm: string; checksumValue: string }[]
  /** Spec 7.5: the supplier the input SBOM named. */
  supplier?: string
  externalRefs?: { referenceCategory: 'PACKAGE-MANAGER'; referenceType: 'purl'; referenceLocator: string }[]
}

interface SpdxRelationship {
  spdxElementId: string
  relationshipType: 'DESCRIBES' | 'DEPENDS_ON' | ReverseRelationship
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

/** The licences as given (a fix or the input), joined with AND, when each is a valid SPDX expression. */
function givenDeclared(given: readonly string[]): string | null {
  if (given.length === 0 || !given.every((g) => parseSpdxExpression(g) !== null)) return null
  return given.length === 1 ? given[0]! : given.map((g) => (/\s/.test(g) ? `(${g})` : g)).join(' AND ')
}

const checksumsOf = (hashes: readonly ComponentHash[]) =>
  hashes.map((h) => ({ algorithm: spdxChecksumAlgorithm(h.alg), checksumValue: h.content }))

type ReverseRelationship =
  | 'DEV_DEPENDENCY_OF'
  | 'TEST_DEPENDENCY_OF'
  | 'OPTIONAL_DEPENDENCY_OF'
  | 'PROVIDED_DEPENDENCY_OF'

/** Spec 11.1: how a dependency of this scope relates to its dependant (absent: a plain DEPENDS_ON). */
const REVERSE_RELATIONSHIP: Partial<Record<Scope, ReverseRelationship>> = {
  dev: 'DEV_DEPENDENCY_OF',
  test: 'TEST_DEPENDENCY_OF',
  optional: 'OPTIONAL_DEPENDENCY_OF',
  provided: 'PROVIDED_DEPENDENCY_OF',
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
      versionInfo: doc.project.version ?? doc.project.branch,
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
        licenseDeclared: givenDeclared(c.givenLicences) ?? declared(c.licences),
        copyrightText: c.copyright || 'NOASSERTION',
        primaryPackagePurpose: 'LIBRARY',
        ...(c.hashes.length > 0 ? { checksums: checksumsOf(c.hashes) } : {}),
        ...(c.supplier ? { supplier: `Organization: ${c.supplier}` } : {}),
        externalRefs: [
          { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: c.purl },
        ],
      }),
    ),
  ]
  const relationships: SpdxRelationship[] = [
    { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: rootId },
  ]
  const scopeOf = new Map(view.components.map((c) => [c.ref, c.scope]))
  for (const [from, tos] of view.dependsOn) {
    for (const to of tos) {
      const reverse = REVERSE_RELATIONSHIP[scopeOf.get(to) ?? 'prod']
      if (reverse) {
        relationships.push({
          spdxElementId: idOf.get(to)!,
          relationshipType: reverse,
          relatedSpdxElement: idOf.get(from)!,
        })
        continue
      }
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
