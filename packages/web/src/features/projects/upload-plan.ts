// What an "Add project" upload sends (report-page §2 /projects.html "Add project"; accounts-and-api §7
// uploads): one CycloneDX JSON SBOM goes to …/sbom-cdx.json, manifests and lockfiles to …/manifests.
// An SBOM is recognised by its content (bomFormat "CycloneDX"), not by its name alone.

export interface PickedFile {
  /** Root-relative path: the name, or webkitRelativePath for a folder pick. */
  path: string
  size: number
  /** The file's text when it is a small .json that could be an SBOM; null otherwise. */
  jsonText: string | null
}

export type UploadPlan =
  | { kind: 'sbom'; index: number }
  | { kind: 'manifests' }
  | { kind: 'invalid'; message: string }

/** .json files up to this size are read to tell an SBOM from a manifest; the server sets the upload limit. */
export const SBOM_SNIFF_BYTES = 100 * 1024 * 1024

function isCycloneDx(text: string | null): boolean {
  if (text === null) return false
  try {
    const parsed: unknown = JSON.parse(text)
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { bomFormat?: unknown }).bomFormat === 'CycloneDX'
    )
  } catch {
    return false
  }
}

export function planUpload(files: readonly PickedFile[]): UploadPlan {
  if (files.length === 0) return { kind: 'invalid', message: 'Choose at least one file to upload.' }
  const empty = files.find((file) => file.size === 0)
  if (empty) return { kind: 'invalid', message: `${empty.path} is empty.` }
  const sboms = files.map((file, index) => (isCycloneDx(file.jsonText) ? index : -1)).filter((i) => i >= 0)
  if (sboms.length === 0) return { kind: 'manifests' }
  if (files.length > 1)
    return {
      kind: 'invalid',
      message: `${files[sboms[0] ?? 0]?.path} is a CycloneDX SBOM: upload it on its own, without other files.`,
    }
  return { kind: 'sbom', index: 0 }
}

/** Reads what planUpload needs from browser files (the text of .json files). */
export async function pickFiles(files: readonly File[]): Promise<PickedFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath
      const path = relative || file.name
      const json = /\.json$/i.test(file.name) && file.size <= SBOM_SNIFF_BYTES
      return { path, size: file.size, jsonText: json ? await file.text() : null }
    }),
  )
}
