// The licensing assessment section (report-page §2 Licensing, §4 licence notice, §8 failure text):
// standard and legal views '(switch view mode)', sort by name or risk, CSV export, per-language lists,
// and when collapsed the summary table (Name, Version, Forbidden license, License not found); the licence
// fix and copyright dialogs (§2 Dialogs) open from a component's licence actions.
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core'
import { useCallback, useMemo, useState } from 'react'
import { formatCount } from '../../lib/format'
import { RowExclusion, useLibraryExclusions } from '../../shared/exclusions/library-exclusions'
import { sectionSubtitle } from '../../shared/report/assessment-view'
import {
  groupByLicence,
  isUndeclared,
  type LicenceSort,
  type LicensingRow,
  licensingRows,
} from '../../shared/report/licensing-model'
import { usePageCsv } from '../../shared/report/page-csv'
import { useReportContext } from '../../shared/report/report-context'
import { SECTION_ANCHORS } from '../../shared/report/report-summary'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { InlineNotice } from '../../ui/status-panel'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { LicenceEditing, useLicenceEditing } from './licence-editing'
import { LicenceLanguageList } from './licence-language-list'

const SUMMARY_LIMIT = 50

export function LicensingSection() {
  const { report, filters, access } = useReportContext()
  const downloadCsv = usePageCsv()
  const editing = useLicenceEditing()
  const exclusions = useLibraryExclusions('licensing')
  const { actionsFor: editActionsFor } = editing
  const actionsFor = useCallback(
    (row: LicensingRow) => (
      <RowExclusion
        tools={exclusions}
        library={{
          name: row.result.library.name,
          displayName: row.result.library.displayName,
          language: row.result.library.language,
          version: row.result.version,
        }}
        applied={row.result.exclusions}
        extra={editActionsFor(row)}
      />
    ),
    [exclusions, editActionsFor],
  )
  const [legal, setLegal] = useState(false)
  const [sort, setSort] = useState<LicenceSort>('risk')
  const { licensing } = report
  // issue 20: the section's own list only, so pages of the other sections arriving compute nothing here
  const byLanguage = useMemo(() => licensingRows({ licensing }, filters, sort), [licensing, filters, sort])
  const all = useMemo(() => [...byLanguage.values()].flat(), [byLanguage])
  const legalGroups = useMemo(() => (legal ? groupByLicence(all) : []), [legal, all])
  const issues = all.filter((row) => row.result.violations.length > 0 || isUndeclared(row.result))
  const summary = (
    <SimpleTable
      testId="licensing-summary-table"
      header={['Name', 'Version', 'Forbidden license', 'License not found']}
      rows={issues.slice(0, SUMMARY_LIMIT).map(({ key, result: r }) => ({
        key,
        cells: [
          r.library.displayName,
          r.version,
          r.violations.map((v) => v.licence).join(', ') || '—',
          isUndeclared(r) ? 'yes' : 'no',
        ],
      }))}
    />
  )
  const tools = (
    <Group gap="xs">
      {exclusions.bulkButton}
      <NativeSelect
        size="xs"
        aria-label="Sort licences"
        value={sort}
        onChange={(e) => setSort(e.currentTarget.value as LicenceSort)}
        data={[
          { value: 'risk', label: 'Sort by risk' },
          { value: 'name', label: 'Sort by name' },
        ]}
      />
      <Button
        size="xs"
        variant="default"
        onClick={() => void downloadCsv('licenses_csv')}
        data-testid="licensing-csv"
      >
        CSV
      </Button>
    </Group>
  )
  return (
    <SectionCard
      id={SECTION_ANCHORS.licensing}
      title="Licensing assessment"
      subtitle={sectionSubtitle(
        licensing.assessment,
        formatCount(licensing.componentsCount, 'component'),
        `forbidden ${licensing.summary.forbiddenWithoutExclusion} · not declared ${licensing.summary.undeclaredWithoutExclusion}`,
      )}
      aside={licensing.assessed ? tools : undefined}
      collapsible
      collapsedContent={licensing.assessed ? summary : null}
      testId="section-licensing"
    >
      {!licensing.assessed ? (
        <InlineNotice title="SOMETHING WENT WRONG HERE" tone="warning" testId="licensing-unassessed">
          We couldn't determine the licenses for the dependencies you are currently using... If it persists,{' '}
          <a href="/contact">contact us</a>.
        </InlineNotice>
      ) : (
        <Stack gap="xs">
          {issues.length > 0 ? (
            <InlineNotice title="LICENCE ISSUES FOUND" tone="warning" testId="licence-issue-notice">
              Some components use a licence forbidden by a policy or declare no valid licence. Review them
              below.
            </InlineNotice>
          ) : null}
          <Text size="sm">
            {legal ? 'Legal view: components grouped by licence' : 'Standard view: licences per component'}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setLegal((v) => !v)}
              data-testid="licence-view-switch"
            >
              (switch view mode)
            </Anchor>
          </Text>
          {all.length === 0 ? (
            <Text size="sm" c="dimmed">
              No licence issue among the components in view.
            </Text>
          ) : null}
          {legal ? (
            <WindowVirtualList
              items={legalGroups}
              estimateSize={90}
              getKey={(group) => group.licence}
              renderItem={(group) => (
                <Paper withBorder radius="sm" p="sm" mb="xs">
                  <Group gap={8} mb={4}>
                    <Badge variant="light" tt="none">
                      {group.licence}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {formatCount(group.rows.length, 'component')}
                    </Text>
                  </Group>
                  <Text size="xs" style={{ wordBreak: 'break-word' }}>
                    {group.rows
                      .slice(0, 60)
                      .map((row) => `${row.result.library.displayName}@${row.result.version}`)
                      .join(', ')}
                    {group.rows.length > 60 ? ` and ${group.rows.length - 60} more` : ''}
                  </Text>
                </Paper>
              )}
            />
          ) : (
            [...byLanguage.entries()].map(([language, rows]) => (
              <LicenceLanguageList
                key={language}
                language={language}
                rows={rows}
                blur={access.opensource}
                actionsFor={actionsFor}
              />
            ))
          )}
        </Stack>
      )}
      <LicenceEditing state={editing} />
      {exclusions.dialog}
    </SectionCard>
  )
}
