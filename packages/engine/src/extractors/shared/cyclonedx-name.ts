// File names CycloneDX tools write (CycloneDX docs, "recognized file patterns"): bom.json, bom.xml,
// *.cdx.json, *.bom.xml, bom.1.4.json and the like. Shared by the JSON and XML readers.

/** Whether a file name looks like a CycloneDX SBOM of the given syntax (`.spdx.*` excluded). */
export function isCycloneDxName(base: string, ext: 'json' | 'xml'): boolean {
  const b = base.toLowerCase()
  if (!b.endsWith(`.${ext}`) || b.endsWith(`.spdx.${ext}`)) return false
  return /(^|[._-])(s?bom|cdx|cyclonedx)([._-]|$)/.test(`${b.slice(0, -(ext.length + 1))}.`)
}
