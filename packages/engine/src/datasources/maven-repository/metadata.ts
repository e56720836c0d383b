// maven-metadata.xml at the artifact level (Maven Repository Metadata 1.1; DESIGN §4 datasources):
// versions, latest, release, lastUpdated. Lenient: a document without versioning gives empty lists.
import { childElement, childText, childTexts, parseXml } from './xml'

export interface MavenMetadata {
  groupId: string | null
  artifactId: string | null
  versions: string[]
  latest: string | null
  release: string | null
  /** yyyyMMddHHmmss as written by the repository. */
  lastUpdated: string | null
}

const ARRAYS = new Set(['version'])

/** Parses maven-metadata.xml; `null` when the text is not XML with a `<metadata>` root. */
export function parseMavenMetadata(text: string): MavenMetadata | null {
  const parsed = parseXml(text, ARRAYS)
  if (!parsed.ok) return null
  const root = childElement(parsed.root, 'metadata')
  if (!root) return null
  const versioning = childElement(root, 'versioning')
  const versionsEl = childElement(versioning, 'versions')
  const versions = childTexts(versionsEl, 'version').filter((v) => v !== '')
  return {
    groupId: childText(root, 'groupId') ?? null,
    artifactId: childText(root, 'artifactId') ?? null,
    versions: [...new Set(versions)],
    latest: childText(versioning, 'latest') || null,
    release: childText(versioning, 'release') || null,
    lastUpdated: childText(versioning, 'lastUpdated') || null,
  }
}
