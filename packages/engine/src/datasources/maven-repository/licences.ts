// Licences a Maven release declares (DESIGN §4 datasources; issue 5 "Datasources"): the POM's
// <licenses>, else those of its nearest parent declaring some (commons-parent etc.), read through
// the same MavenRepository, and so the same cache, as the resolver's.
import type { MavenCoordinates, MavenRepository } from './repository'
import { childElement, childElements, childText, parseXml } from './xml'

/** Parent POMs followed for licences (Maven's own inheritance has no limit; real chains are short). */
const maxParentDepth = 6

/** Licences of a release's POM, else of its nearest parent declaring some; `null` when no POM was read. */
export async function pomLicences(
  repository: MavenRepository,
  start: MavenCoordinates,
): Promise<string[] | null> {
  let coordinates: MavenCoordinates | null = start
  let readAny = false
  for (let depth = 0; coordinates && depth <= maxParentDepth; depth++) {
    const pom = await repository.pom(coordinates)
    if (!pom) return readAny ? [] : null
    readAny = true
    const parsed = parseXml(pom.text, new Set(['license']))
    if (!parsed.ok) return []
    const project = childElement(parsed.root, 'project')
    const licences = childElements(childElement(project, 'licenses'), 'license')
      .map((l) => childText(l, 'name')?.trim() || childText(l, 'url')?.trim() || '')
      .filter((l) => l !== '')
    if (licences.length > 0) return licences
    const parent = childElement(project, 'parent')
    const groupId = childText(parent, 'groupId')?.trim()
    const artifactId = childText(parent, 'artifactId')?.trim()
    const version = childText(parent, 'version')?.trim()
    coordinates = groupId && artifactId && version ? { groupId, artifactId, version } : null
  }
  return []
}
