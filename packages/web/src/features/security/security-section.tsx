// The security assessment section (report-page §2, §4): by-component cards or advisories grouped by
// CVE (toggle), the Filters dropdown, the CSV export, and when collapsed a summary per language.
// Lists are virtualised (DESIGN §8). Shown only when issues exceed exclusions (§4 "Section flags").
import { Button, Group, SegmentedControl, Text } from '@mantine/core'
import { type ReactNode, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { formatCount } from '../../lib/format'
import { sectionSubtitle } from '../../shared/report/assessment-view'
import { usePageCsv } from '../../shared/report/page-csv'
import { useReportContext } from '../../shared/report/report-context'
import { languageLabel, SECTION_ANCHORS } from '../../shared/report/report-summary'
import {
  componentRows,
  DEFAULT_SECURITY_FILTERS,
  groupByVulnerability,
  type SecurityFilters,
} from '../../shared/report/security-model'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { InlineNotice } from '../../ui/status-panel'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { ComponentCard } from './component-card'
import { SecurityFiltersMenu } from './security-filters-menu'
import { VulnerabilityCard } from './vulnerability-card'

type View = 'component' | 'vulnerability' | 'table'

function SummaryTable() {
  const { report } = useReportContext()
  return (
    <SimpleTable
      testId="security-summary-table"
      header={['Language', 'Components', 'Critical', 'High', 'Medium', 'Low', 'Excluded']}
      rows={Object.entries(report.security.summary).map(([language, s]) => ({
        key: language,
        cells: [languageLabel(language), s.components, s.critical, s.high, s.medium, s.low, s.exclusions],
      }))}
    />
  )
}

/** findingsTable: the findings feature's table for the 'table' view, composed in by the report page (app/report). */
export function SecuritySection({ findingsTable }: { findingsTable: ReactNode }) {
  const { report, filters } = useReportContext()
  // the view is kept in the URL (?view=table), so a link opens the findings table with its filters (issue 19)
  const [search, setSearch] = useSearchParams()
  const asked = search.get('view')
  const view: View = asked === 'vulnerability' || asked === 'table' ? asked : 'component'
  const setView = (next: View) => {
    const params = new URLSearchParams(search)
    if (next === 'component') params.delete('view')
    else params.set('view', next)
    setSearch(params, { replace: true })
  }
  const [security, setSecurity] = useState<SecurityFilters>(DEFAULT_SECURITY_FILTERS)
  // issue 20: the section's own list only, so pages of the other sections arriving compute nothing here
  const assessment = report.security
  const rows = useMemo(
    () => componentRows({ security: assessment }, filters, security),
    [assessment, filters, security],
  )
  const groups = useMemo(() => (view === 'vulnerability' ? groupByVulnerability(rows) : []), [rows, view])
  const downloadCsv = usePageCsv()
  const tools = (
    <Group gap="xs" wrap="wrap">
      <SegmentedControl
        size="xs"
        value={view}
        onChange={(value) => setView(value as View)}
        data={[
          { value: 'component', label: 'By component' },
          { value: 'vulnerability', label: 'By vulnerability' },
          { value: 'table', label: 'Findings table' },
        ]}
        data-testid="security-view-toggle"
      />
      {view === 'table' ? null : (
        <>
          <SecurityFiltersMenu value={security} onChange={setSecurity} />
          <Button
            size="xs"
            variant="default"
            onClick={() => void downloadCsv('vulnerabilities_csv', security)}
            disabled={security.severities.length === 0}
            data-testid="security-csv"
          >
            CSV
          </Button>
        </>
      )}
    </Group>
  )
  return (
    <SectionCard
      id={SECTION_ANCHORS.security}
      title="Security assessment"
      subtitle={sectionSubtitle(
        report.security.assessment,
        formatCount(report.security.componentsCount, 'component'),
        formatCount(rows.length, 'shown', 'shown'),
      )}
      aside={report.security.assessed ? tools : undefined}
      collapsible
      collapsedContent={<SummaryTable />}
      testId="section-security"
    >
      {!report.security.assessed ? (
        <InlineNotice title="NO ADVISORY DATA" tone="neutral" testId="security-unassessed">
          No advisory data was available when this report was built, so no vulnerability findings are shown.
          Import advisories on the server, then recompute or upload again.
        </InlineNotice>
      ) : view === 'table' ? (
        findingsTable
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="security-empty">
          No vulnerability matches the filters.
        </Text>
      ) : view === 'component' ? (
        <WindowVirtualList
          items={rows}
          estimateSize={150}
          getKey={(row) => row.key}
          renderItem={(row) => <ComponentCard row={row} />}
          testId="security-list"
        />
      ) : (
        <WindowVirtualList
          items={groups}
          estimateSize={120}
          getKey={(group) => group.id}
          renderItem={(group) => <VulnerabilityCard group={group} />}
          testId="vulnerability-list"
        />
      )}
    </SectionCard>
  )
}
