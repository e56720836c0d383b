// What every section of the report page shares (report-page §2 Layout): the report, its project and
// branch, the caller's access (§6) and the executive summary's filters (§4 "Language filter"); the
// report holds the sections read so far (issue 20 "Reports that stay small").
import type { HistoryEntry, Project, Report, ReportSectionName } from '@sextant/contract'
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
  /**
   * The report's sections read by pages (issue 20): `request` asks for one (the section is shown);
   * `showable` says whether `report` holds what it shows.
   */
  sections: {
    request: (section: ReportSectionName) => void
    showable: (section: ReportSectionName) => boolean
  }
}

export const ReportContext = createContext<ReportContextValue | null>(null)

export function useReportContext(): ReportContextValue {
  const value = useContext(ReportContext)
  if (!value) throw new Error('useReportContext outside the report page')
  return value
}

/**
 * What the cards of a section need that stays the same while the report page reads sections and its
 * filters change (issue 20): a card reading it instead of the whole context is not drawn again on each.
 */
export interface ReportStaticValue {
  project: Project
  branch: string
  access: ReportAccess
  creatorUuid: string | null
  reportUuid: string
  jiraInfo: Report['jiraInfo']
}

export const ReportStaticContext = createContext<ReportStaticValue | null>(null)

export function useReportStatic(): ReportStaticValue {
  const value = useContext(ReportStaticContext)
  if (!value) throw new Error('useReportStatic outside the report page')
  return value
}
