// Multipart bodies for the upload routes (accounts-and-api §7 "POST /api/v1/uploads/{uuid|new}/
// sbom-cdx.json", multipart form; ours: …/manifests). Field 'file'; for manifests one part per file,
// each part's filename being its path relative to the project root.

export interface ManifestFile {
  path: string
  content: Blob | string
}

function fileName(file: Blob, fallback: string): string {
  const name = (file as Blob & { name?: unknown }).name
  return typeof name === 'string' && name ? name : fallback
}

/** A SARIF file as the multipart field 'file' (issue 17 static-analysis reports). */
export function sarifForm(file: Blob): FormData {
  const form = new FormData()
  form.append('file', file, fileName(file, 'results.sarif'))
  return form
}

export function sbomForm(file: Blob): FormData {
  const form = new FormData()
  form.append('file', file, fileName(file, 'bom.json'))
  return form
}

export function manifestsForm(files: ManifestFile[]): FormData {
  const form = new FormData()
  for (const file of files) {
    const blob = typeof file.content === 'string' ? new Blob([file.content]) : file.content
    form.append('file', blob, file.path.replace(/^\.?\/+/, ''))
  }
  return form
}
