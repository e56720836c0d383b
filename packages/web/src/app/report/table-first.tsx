// The report page opened on the findings table (?view=table, issue 19 acceptance 4) while the report
// document itself still loads (14 MB of JSON at 20,000 findings): the title row, room where the scores
// and the executive summary will be, and the table from its own rows route. The full page replaces this
// as soon as the report is there; until then the table is read-only (no selection or triage dialog that
// the full page's table, mounted anew, would drop).
import { Skeleton, Stack } from '@mantine/core'
import type { HistoryEntry, Project } from '@sextant/contract'
import { FindingsTable } from '../../features/findings/findings-table'
import { useFindingsReport } from '../../features/findings/use-findings'
import { ReportTitleRow } from '../../features/report/report-title-row'
import { SECTION_ANCHORS } from '../../shared/report/report-summary'
import { PageLoader } from '../../ui/page-loader'
import { SectionCard } from '../../ui/section-card'

interface TableFirstProps {
  project: Project
  branch: string
  reportUuid: string | null
  history: HistoryEntry[]
}

export function TableFirst({ project, branch, reportUuid, history }: TableFirstProps) {
  const shown = useFindingsReport(project.uuid, branch, reportUuid)
  if (!shown) return <PageLoader label="Loading the report…" />
  return (
    <Stack gap="lg" data-testid="report-table-first">
      <ReportTitleRow project={project} branch={branch} reportUuid={reportUuid} history={history} />
      {/* the score badges and the executive summary, about their height, so the table moves little */}
      <Skeleton height={116} animate={false} />
      <Skeleton height={600} animate={false} />
      <SectionCard
        id={SECTION_ANCHORS.security}
        title="Security assessment"
        subtitle="Loading the rest of the report…"
        testId="section-security-first"
      >
        <FindingsTable scope={{ project, branch, reportUuid: shown, canAct: false }} />
      </SectionCard>
    </Stack>
  )
}
