// What the SBOM route reads a file as (issue 14 "The SBOM route accepts what users send"): the spec's
// route is named sbom-cdx.json, but users send CycloneDX XML and SPDX JSON to it too. The content decides
// (an XML document starts with '<', an SPDX one carries "spdxVersion"), not the route or the file name; the
// file keeps the name it was sent under when the format's extractor reads that name, and error messages
// always name the file as it was sent.
import { basename } from 'node:path'
import { extractorsFor } from '@sextant/engine'

export type SbomFormat = 'cyclonedx-json' | 'cyclonedx-xml' | 'spdx-json'

/** Names the engine reads each format under, for a file sent under a name it would not. */
const CANONICAL: Record<SbomFormat, string> = {
  'cyclonedx-json': 'bom.cdx.json',
  'cyclonedx-xml': 'bom.cdx.xml',
  'spdx-json': 'bom.spdx.json',
}

const LABEL: Record<SbomFormat, string> = {
  'cyclonedx-json': 'CycloneDX JSON',
  'cyclonedx-xml': 'CycloneDX XML',
  'spdx-json': 'SPDX JSON',
}

/** The format by content: XML by its first character, SPDX by its version key, else CycloneDX JSON. */
export function sniffSbom(content: Buffer): SbomFormat {
  const head = content
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (head.startsWith('<')) return 'cyclonedx-xml'
  // `"bomFormat"` settles it for CycloneDX; `"spdxVersion"` is SPDX's required first-level key
  const text = content.toString('utf8')
  if (text.includes('"bomFormat"')) return 'cyclonedx-json'
  if (/"spdxVersion"\s*:/.test(text)) return 'spdx-json'
  return 'cyclonedx-json'
}

export interface SbomFile {
  /** The path the analysis stores and reads the file under. */
  path: string
  /** How messages name it: as sent, with the format it was read as when that differs from its name. */
  label: string
  format: SbomFormat
}

/** Where an uploaded SBOM is read from, by its content and the name it was sent under. */
export function sbomFileFor(sentAs: string, content: Buffer): SbomFile {
  const format = sniffSbom(content)
  const base = basename(sentAs.replaceAll('\\', '/')).trim()
  const fits = base !== '' && !base.startsWith('.') && extractorsFor(base).some((e) => e.id === format)
  if (fits) return { path: base, label: base, format }
  const sent = base || 'the uploaded file'
  return { path: CANONICAL[format], label: `${sent} (read as ${LABEL[format]})`, format }
}
