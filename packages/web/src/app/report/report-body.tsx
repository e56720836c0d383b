// The report itself, for status OK or PARTIAL (report-page §2 Layout, §4): notices (partial build,
// refreshing, a newer failed analysis, scores not up to date, the badges suggestion), score badges, executive summary, the
// domain sections, security exclusions, code analysis (issue 17), project history, notes, and the floating scroll box.
// The sections render from the outline and the pages they read when shown (issue 20).

import { Stack } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { memo, useEffect } from 'react'
import { BadgesBanner } from '../../features/badges/badges-banner'
import { CodeAnalysisPanel } from '../../features/code-analysis/code-analysis-panel'
import { ExclusionsBlock } from '../../features/exclusions/exclusions-block'
import { RecomputeNotice } from '../../features/exclusions/recompute-button'
import { FindingsTable } from '../../features/findings/findings-table'
import { HistorySection } from '../../features/history/history-section'
import { LicensingSection } from '../../features/licensing/licensing-section'
import { AnalysisNotes } from '../../features/report/analysis-notes'
import { ExecutiveSummary } from '../../features/report/executive-summary'
import { OutOfDateNotice } from '../../features/report/out-of-date-notice'
import { PartialBuildNotice } from '../../features/report/partial-build-notice'
import { ScoreBadges } from '../../features/report/score-badges'
import { ScrollBox } from '../../features/report/scroll-box'
import { SectionGate } from '../../features/report/section-gate'
import { useHashScroll } from '../../features/report/use-hash-scroll'
import { SecuritySection } from '../../features/security/security-section'
import { StabilitySection } from '../../features/stability/stability-section'
import { useAfterPaint } from '../../lib/use-after-paint'
import { useExclusions } from '../../shared/exclusions/use-exclusions'
import { useReportContext } from '../../shared/report/report-context'
import { SECTION_ANCHORS } from '../../shared/report/report-summary'
import { InlineNotice } from '../../ui/status-panel'

/** The findings table of the report shown (issue 19), for the security section's 'table' view. */
function ReportFindingsTable() {
  const { report, project, branch, access } = useReportContext()
  return <FindingsTable scope={{ project, branch, reportUuid: report.uuid, canAct: access.canAct }} />
}

// Issue 20: each section reads its items by pages when shown (features/report/section-gate.tsx).
const SECURITY = ['security'] as const
const STABILITY = ['stability'] as const
const LICENSING = ['licensing'] as const
const ALL_SECTIONS = ['security', 'stability', 'licensing'] as const
const LOADING = {
  security: {
    title: 'Security assessment',
    anchor: SECTION_ANCHORS.security,
    testId: 'section-security-loading',
  },
  stability: {
    title: 'Stability assessment',
    anchor: SECTION_ANCHORS.stability,
    testId: 'section-stability-loading',
  },
  licensing: {
    title: 'Licensing assessment',
    anchor: SECTION_ANCHORS.licensing,
    testId: 'section-licensing-loading',
  },
}

/** The exclusions block reads every section, so they are read only when the branch has exclusions to list. */
function ExclusionsGate() {
  const { project, branch } = useReportContext()
  const { data } = useExclusions(project.uuid, branch)
  if (!data?.length) return null
  return (
    <SectionGate needs={ALL_SECTIONS}>
      <ExclusionsBlock />
    </SectionGate>
  )
}

interface ReportBodyProps {
  report: Report
  partial: boolean
  refreshing: boolean
  lastFailure: string | null
}

/**
 * Memoised: a change of the address (a findings table filter is written there) re-renders the page above
 * it, and the sections that read the address re-render themselves; the others stay as they are.
 */
export const ReportBody = memo(function ReportBody({
  report,
  partial,
  refreshing,
  lastFailure,
}: ReportBodyProps) {
  useHashScroll(report.uuid)
  const belowFold = useAfterPaint()
  const { sections } = useReportContext()
  // Every component of the security section (its list with 'Show issues only' off) is read once the
  // first screen is drawn and the browser is idle, so turning the switch off only redraws the section.
  useEffect(() => {
    if (!belowFold) return
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => sections.request('security'), 200)
      return () => clearTimeout(timer)
    }
    const idle = requestIdleCallback(() => sections.request('security'))
    return () => cancelIdleCallback(idle)
  }, [belowFold, sections.request])
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
      <SectionGate needs={SECURITY} loading={LOADING.security}>
        <SecuritySection findingsTable={<ReportFindingsTable />} />
      </SectionGate>
      {belowFold ? (
        <>
          <ExclusionsGate />
          <SectionGate needs={STABILITY} loading={LOADING.stability}>
            <StabilitySection />
          </SectionGate>
          <SectionGate needs={LICENSING} loading={LOADING.licensing}>
            <LicensingSection />
          </SectionGate>
          <CodeAnalysisPanel />
          <HistorySection />
          <AnalysisNotes notes={report.notes} />
          <ScrollBox />
        </>
      ) : null}
    </Stack>
  )
})
