// What every section of the report page shares (report-page §2 Layout): the report, its project and
// branch, the caller's access (§6) and the executive summary's filters (§4 "Language filter").
import type { HistoryEntry, Project, Report } from '@sextant/contract'
import { createContext, useContext } from 'react'
import type { ReportAccess } from './report-access'
import type { ReportFilters } from './report-filters'

export interface ReportContextValue {
  report: Report
  project: Project
  branch: string
  history: HistoryEntry[]
  access: ReportAccess
  filters: ReportFilters
  setFilters: (next: ReportFilters) => void
  creatorUuid: string | null
}

export const ReportContext = createContext<ReportContextValue | null>(null)

export function useReportContext(): ReportContextValue {
  const value = useContext(ReportContext)
  if (!value) throw new Error('useReportContext outside the report page')
  return value
}
