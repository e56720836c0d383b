// The report as the page reads it carries its counts per scope (contract Report.totals; issue 14 "Scope
// means scope", issue 18 acceptance 7): computed here by the engine's reportTotals, the function every
// download prints, so the web app shows the same figures without a copy of the computation. Stored
// documents stay as built (DESIGN §2: immutable); the counts are added when a report is read.
import type { Report } from '@sextant/contract'
import { type ReportDocument, reportTotals } from '@sextant/engine'

export function withReportTotals(json: string): string {
  const doc = JSON.parse(json) as ReportDocument
  const totals: Report['totals'] = { all: reportTotals(doc, 'all'), prod: reportTotals(doc, 'prod') }
  return JSON.stringify({ ...doc, totals })
}
