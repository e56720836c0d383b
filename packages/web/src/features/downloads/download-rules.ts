// Download menu items and the processing page's parameters (report-page §6 download rules, §2
// "/processing_request.html", §9 download types and "Download refresh timer": 1000 ms × ceil(components/200)).
import type { ExportFormatName } from '@sextant/contract'
import type { ReportAccess } from '../report/report-access'

export interface DownloadItem {
  format: ExportFormatName
  label: string
}

export function downloadItems(access: ReportAccess): DownloadItem[] {
  if (!access.canDownload) return []
  const items: DownloadItem[] = [
    access.canDownloadPdf
      ? { format: 'pdf', label: 'Report (PDF)' }
      : { format: 'json', label: 'Report (JSON)' },
  ]
  if (access.canDownloadSbom) {
    items.push(
      { format: 'bible_pdf', label: 'Licenses bible (PDF)' },
      { format: 'bible_json', label: 'Licenses bible (JSON)' },
      { format: 'sbom_csv', label: 'SBOM (CSV)' },
      { format: 'sbom-cdx.json', label: 'SBOM CycloneDX (JSON)' },
      { format: 'sbom-cdx.xml', label: 'SBOM CycloneDX (XML)' },
    )
  }
  return items
}

export function refreshTimerMs(components: number): number {
  return 1_000 * Math.max(1, Math.ceil(components / 200))
}

export function processingUrl(input: {
  format: string
  eraId: string
  pid: string
  branch: string
  components: number
}): string {
  const query = new URLSearchParams({
    source: 'report',
    type: input.format,
    key: input.eraId,
    resource: input.eraId,
    pid: input.pid,
    branch: input.branch,
    timeout: '0',
    refreshTimer: String(refreshTimerMs(input.components)),
    success: 'download',
  })
  return `/processing_request.html?${query.toString()}`
}
