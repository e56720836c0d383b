// The recompute notice for new advisory data (issue 14 "New advisory data reaches old reports"; DESIGN §3
// re-assessment): when advisories were imported or synced after the latest report was built, or the report
// was stored before Sextant said what it could not assess, the server marks it out of date and recomputes
// it in the background. The page says so to anyone who sees the report, asks again while it is out of
// date (and now and then while the report waits for advisory data: an import may come at any time), and
// loads the recomputed report and history when it is there.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { formatUtc } from '../../lib/format'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'
import { InlineNotice } from '../../ui/status-panel'

export const OUT_OF_DATE_POLL_MS = 3_000
/** How often a report lacking advisory data asks whether new data made it out of date. */
export const AWAITING_ADVISORIES_POLL_MS = 10_000

const ADVISORY_GAPS = new Set(['no-advisory-data', 'ecosystem-without-advisories', 'stale-advisories'])

const REASONS = {
  advisories: 'New advisory data arrived after this report was built',
  assessment: 'This report was built before Sextant recorded what it could not assess',
} as const

export function OutOfDateNotice() {
  const { report, project, branch, access } = useReportContext()
  const client = useQueryClient()
  const awaitingAdvisories = report.gaps.some((g) => ADVISORY_GAPS.has(g.kind))
  const state = useQuery({
    queryKey: ['recompute-state', project.uuid, branch],
    queryFn: () =>
      sdk.call('reportRecomputeState', { params: { projectId: project.uuid }, query: { branch } }),
    enabled: access.latest,
    refetchInterval: (query) =>
      query.state.data?.outOfDate
        ? OUT_OF_DATE_POLL_MS
        : awaitingAdvisories
          ? AWAITING_ADVISORIES_POLL_MS
          : false,
  })
  const newest = state.data?.reportUuid ?? null
  const outOfDate = state.data?.outOfDate ?? null
  // the background recompute stored a newer report: show it
  useEffect(() => {
    if (!access.latest || !newest || newest === report.uuid || outOfDate) return
    void client.invalidateQueries({ queryKey: ['report', project.uuid] })
    void client.invalidateQueries({ queryKey: ['history', project.uuid] })
  }, [newest, outOfDate, report.uuid, access.latest, client, project.uuid])
  if (!access.latest || !outOfDate || newest !== report.uuid) return null
  return (
    <InlineNotice title="THIS REPORT IS OUT OF DATE" tone="info" testId="out-of-date-notice">
      {`${REASONS[outOfDate.reason]} (${formatUtc(outOfDate.since)}). It is being recomputed from the same files in the background; this page shows the new report when it is ready.`}
    </InlineNotice>
  )
}
