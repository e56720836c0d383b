// The report page's CSV buttons (report-page §9 "CSV exports"): the server writes every CSV with its one
// writer, formula cells defused (issue 13 item 18); the page asks for the rows it shows: its report,
// scope, active languages, 'Show issues only' and, for vulnerabilities, the security Filters.

import { saveBlob } from '../../lib/save-file'
import { sdk } from '../../lib/sdk'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { type PageCsv, pageCsvQuery } from './download-rules'
import { useReportContext } from './report-context'
import type { SecurityFilters } from './security-model'

/** A click handler that downloads one of the page's CSVs from the server. */
export function usePageCsv(): (format: PageCsv, security?: SecurityFilters) => Promise<void> {
  const { report, project, branch, filters } = useReportContext()
  const { showAlert } = useAlerts()
  return async (format, security) => {
    try {
      const file = await sdk.file('downloadGenerate', {
        params: { format, projectId: project.uuid },
        query: pageCsvQuery(branch, report.uuid, filters, security),
      })
      saveBlob(file.name, file.blob)
    } catch (cause) {
      showAlert('error', cause instanceof Error ? cause.message : 'The CSV could not be downloaded.')
    }
  }
}
