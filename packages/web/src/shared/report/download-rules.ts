// Download menu items and the processing page's parameters (report-page §6 download rules, §2
// "/processing_request.html", §9 download types and "Download refresh timer": 1000 ms × ceil(components/200)).
// The report as PDF when the account's bundle allows it and always as JSON; the licence bible and the SBOMs
// (CSV, CycloneDX JSON/XML, SPDX) and the exclusions as VEX only where §6 allows SBOM downloads.
import type { ExportFormatName } from '@sextant/contract'
import type { ReportAccess } from './report-access'
import type { ReportFilters } from './report-filters'
import { CVSS_RANGE, EPSS_RANGE, type SecurityFilters } from './security-model'

/** An export of the report (an era, through the processing page), or the exclusions as VEX. */
export interface DownloadItem {
  format: ExportFormatName | 'vex'
  label: string
}

export function downloadItems(access: ReportAccess): DownloadItem[] {
  if (!access.canDownload) return []
  const items: DownloadItem[] = []
  if (access.canDownloadPdf) items.push({ format: 'pdf', label: 'Report (PDF)' })
  items.push({ format: 'json', label: 'Report (JSON)' })
  if (access.canDownloadSbom) {
    items.push(
      { format: 'bible_pdf', label: 'Licenses bible (PDF)' },
      { format: 'bible_json', label: 'Licenses bible (JSON)' },
      { format: 'sbom_csv', label: 'SBOM (CSV)' },
      { format: 'sbom-cdx.json', label: 'SBOM CycloneDX (JSON)' },
      { format: 'sbom-cdx.xml', label: 'SBOM CycloneDX (XML)' },
      { format: 'sbom-spdx.json', label: 'SBOM SPDX (JSON)' },
      { format: 'vex', label: 'VEX of the exclusions (CycloneDX)' },
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

/** `shop-front_main`: a file name stem of safe characters, as the server names its exports. */
export function fileStem(projectName: string, branch: string): string {
  const safe = (text: string) =>
    text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'project'
  return `${safe(projectName)}_${safe(branch)}`
}

/**
 * The export's file address with its download key once: the server's downloadUrl may already carry it,
 * and a second `downloadKey` made the query an array the server refuses (400), so every download failed.
 */
export function eraFileUrl(downloadUrl: string, downloadKey: string): string {
  const url = new URL(downloadUrl, 'http://relative.invalid')
  url.searchParams.set('downloadKey', downloadKey)
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.toString()
}

/** The page's CSV buttons (issue 13 item 18): the server writes them, for the rows the page shows. */
export type PageCsv = 'vulnerabilities_csv' | 'stability_csv' | 'licenses_csv'

const range = ([low, high]: [number, number], bounds: { min: number; max: number }) =>
  low <= bounds.min && high >= bounds.max ? undefined : `${low},${high}`

/** The download route's query for what the page shows (undefined fields are left out). */
export function pageCsvQuery(
  branch: string,
  reportUuid: string,
  filters: ReportFilters,
  security?: SecurityFilters,
): Record<string, string | undefined> {
  return {
    branch,
    reportUuid,
    scope: filters.scope,
    languages: filters.languages.join(','),
    issuesOnly: filters.issuesOnly ? 'true' : 'false',
    ...(security
      ? {
          severities: security.severities.join(','),
          epss: range(security.epss, EPSS_RANGE),
          cvss: range(security.cvss, CVSS_RANGE),
        }
      : {}),
  }
}
