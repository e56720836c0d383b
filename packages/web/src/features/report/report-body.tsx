// The report itself, for status OK or PARTIAL (report-page §2 Layout, §4): notices (partial build,
// refreshing, a newer failed analysis, scores not up to date, the badges suggestion), score badges, executive summary, the
// domain sections, security exclusions, code analysis (issue 17), project history, notes, and the floating scroll box.

import { Stack } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { useAfterPaint } from '../../lib/use-after-paint'
import { InlineNotice } from '../../ui/status-panel'
import { BadgesBanner } from '../badges/badges-banner'
import { CodeAnalysisPanel } from '../code-analysis/code-analysis-panel'
import { ExclusionsBlock } from '../exclusions/exclusions-block'
import { RecomputeNotice } from '../exclusions/recompute-button'
import { HistorySection } from '../history/history-section'
import { LicensingSection } from '../licensing/licensing-section'
import { SecuritySection } from '../security/security-section'
import { StabilitySection } from '../stability/stability-section'
import { AnalysisNotes } from './analysis-notes'
import { ExecutiveSummary } from './executive-summary'
import { OutOfDateNotice } from './out-of-date-notice'
import { PartialBuildNotice } from './partial-build-notice'
import { ScoreBadges } from './score-badges'
import { ScrollBox } from './scroll-box'
import { useHashScroll } from './use-hash-scroll'

interface ReportBodyProps {
  report: Report
  partial: boolean
  refreshing: boolean
  lastFailure: string | null
}

export function ReportBody({ report, partial, refreshing, lastFailure }: ReportBodyProps) {
  useHashScroll(report.uuid)
  const belowFold = useAfterPaint()
  return (
    <Stack gap="lg" data-testid="report-body" data-report-uuid={report.uuid}>
      {partial ? <PartialBuildNotice report={report} /> : null}
      {refreshing ? (
        <InlineNotice title="THE REPORT IS BEING REFRESHED" tone="info" testId="refreshing-notice">
          A new analysis of this branch is running; analysis takes 2-10 minutes. This page updates when it is
          done, or reload in 5 minutes.
        </InlineNotice>
      ) : null}
      {lastFailure ? (
        <InlineNotice title="THE NEWEST ANALYSIS FAILED" tone="danger" testId="newest-analysis-failed">
          {`This is the last report that was built. The newest analysis failed: ${lastFailure}`}
        </InlineNotice>
      ) : null}
      <OutOfDateNotice />
      <RecomputeNotice />
      <BadgesBanner />
      <ScoreBadges report={report} />
      <ExecutiveSummary report={report} />
      <SecuritySection />
      {belowFold ? (
        <>
          <ExclusionsBlock />
          <StabilitySection />
          <LicensingSection />
          <CodeAnalysisPanel />
          <HistorySection />
          <AnalysisNotes notes={report.notes} />
          <ScrollBox />
        </>
      ) : null}
    </Stack>
  )
}
