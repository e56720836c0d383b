// The stability assessment section (report-page §2 Stability, §8 'SOMETHING WENT WRONG HERE'): a
// per-language list with new patch / minor / major indicators (virtualised), the CSV export, and when
// collapsed the summary table (Name, Version, Patch available, Outdated).
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { formatCount } from '../../lib/format'
import {
  type LibraryExclusions,
  RowExclusion,
  useLibraryExclusions,
} from '../../shared/exclusions/library-exclusions'
import { sectionSubtitle } from '../../shared/report/assessment-view'
import { usePageCsv } from '../../shared/report/page-csv'
import { useReportContext } from '../../shared/report/report-context'
import { languageLabel, SECTION_ANCHORS } from '../../shared/report/report-summary'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { InlineNotice } from '../../ui/status-panel'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { isOutdated, type StabilityRow, stabilityRows } from './stability-model'

const SUMMARY_LIMIT = 50

function Lane({
  on,
  label,
  version,
  color,
}: {
  on: boolean
  label: string
  version: string | null
  color: string
}) {
  if (!on) return null
  return (
    <Badge color={color} variant="light" size="sm" radius="sm" tt="none">
      {label} {version}
    </Badge>
  )
}

function StabilityItem({ row, tools }: { row: StabilityRow; tools: LibraryExclusions }) {
  const v = row.version
  return (
    <Group
      className="domain-row"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={8}
      px="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="stability-row"
      data-library={v.name}
      data-version={v.version}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={8} align="baseline" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {v.name}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {v.version}
          </Text>
          <Text size="xs" c="dimmed">
            {languageLabel(row.language)} · {v.scope}
          </Text>
        </Group>
        {isOutdated(v) || v.exclusions?.length ? (
          <RowExclusion
            tools={tools}
            library={{ name: v.name, displayName: v.name, language: row.language, version: v.version }}
            applied={v.exclusions}
          />
        ) : null}
      </Stack>
      <Group gap={6}>
        {isOutdated(v) ? null : (
          <Badge color="green" variant="light" size="sm" tt="none">
            Up to date
          </Badge>
        )}
        <Lane on={v.newPatchVersionAvailable} label="patch" version={v.latestPatch} color="yellow" />
        <Lane on={v.newMinorVersionAvailable} label="minor" version={v.latestMinor} color="orange" />
        <Lane on={v.newMajorVersionAvailable} label="major" version={v.latestMajor} color="gray" />
      </Group>
    </Group>
  )
}

export function StabilitySection() {
  const { report, filters } = useReportContext()
  const exclusions = useLibraryExclusions('stability')
  const downloadCsv = usePageCsv()
  const { stability } = report
  // issue 20: the section's own list only, so pages of the other sections arriving compute nothing here
  const rows = useMemo(() => stabilityRows({ stability }, filters), [stability, filters])
  const outdated = rows.filter((row) => isOutdated(row.version))
  const summary = (
    <SimpleTable
      testId="stability-summary-table"
      header={['Name', 'Version', 'Patch available', 'Outdated']}
      caption={
        outdated.length > SUMMARY_LIMIT
          ? `First ${SUMMARY_LIMIT} of ${outdated.length} outdated components`
          : undefined
      }
      rows={outdated.slice(0, SUMMARY_LIMIT).map(({ key, version: v }) => ({
        key,
        cells: [
          v.name,
          v.version,
          v.newPatchVersionAvailable ? v.latestPatch : '—',
          isOutdated(v) ? 'yes' : 'no',
        ],
      }))}
    />
  )
  return (
    <SectionCard
      id={SECTION_ANCHORS.stability}
      title="Stability assessment"
      subtitle={sectionSubtitle(
        stability.assessment,
        formatCount(stability.componentsCount, 'component'),
        `patch ${stability.summary.patch} · minor ${stability.summary.minor} · major ${stability.summary.major}`,
      )}
      aside={
        stability.assessed ? (
          <Group gap="xs">
            {exclusions.bulkButton}
            <Button
              size="xs"
              variant="default"
              onClick={() => void downloadCsv('stability_csv')}
              data-testid="stability-csv"
            >
              CSV
            </Button>
          </Group>
        ) : undefined
      }
      collapsible
      collapsedContent={stability.assessed ? summary : null}
      testId="section-stability"
    >
      {!stability.assessed ? (
        <InlineNotice title="SOMETHING WENT WRONG HERE" tone="warning" testId="stability-unassessed">
          We couldn't determine if there are updates for the dependencies you are currently using. It might be
          a temporary issue... If it persists, <a href="/contact">contact us</a>.
        </InlineNotice>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every component in view is up to date.
        </Text>
      ) : (
        <WindowVirtualList
          items={rows}
          estimateSize={41}
          getKey={(row) => row.key}
          renderItem={(row) => <StabilityItem row={row} tools={exclusions} />}
          testId="stability-list"
        />
      )}
      {exclusions.dialog}
    </SectionCard>
  )
}
