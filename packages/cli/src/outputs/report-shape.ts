// The report the outputs read: the engine's document. Online scans get the same document over the
// wire (contract reportSchema, checked against the engine's by a server test), so it is one type here.

import type { ReportDocument } from '@sextant/engine'
import type { CallResult } from '@sextant/sdk'

type Report = CallResult<'reportById'>

export type ScanReport = ReportDocument

/** The wire report as the engine's document (the contract and the engine describe one shape). */
export function asDocument(report: Report): ScanReport {
  return report as unknown as ScanReport
}
