// The project history section (report-page §2 "Project history section", §9): three line charts of
// the scores against their thresholds, the 'Last N reports' selector (only with more than 5 reports,
// default last 5), and a click on a point opening the history-details modal. Starts collapsed.
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core'
import type { HistoryEntry } from '@sextant/contract'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  entryWhen,
  HISTORY_STEP,
  historyOptions,
  historyWindow,
  tickLabel,
} from '../../shared/report/history-model'
import { useReportContext } from '../../shared/report/report-context'
import { withReportUuid } from '../../shared/report/report-url'
import { ScoreLineChart } from '../../ui/charts'
import { SectionCard } from '../../ui/section-card'
import { DiffModal } from './diff-modal'

const CHARTS = [
  { key: 'security', min: 'minSecurityScore', label: 'Security', color: '#1c7ed6' },
  { key: 'stability', min: 'minStabilityScore', label: 'Stability', color: '#0ca678' },
  { key: 'licensing', min: 'minLicensingScore', label: 'Licensing', color: '#7048e8' },
] as const

export function HistorySection() {
  const { history, project, branch } = useReportContext()
  const [choice, setChoice] = useState(String(HISTORY_STEP))
  const [selected, setSelected] = useState<HistoryEntry | null>(null)
  const [diffOf, setDiffOf] = useState<HistoryEntry | null>(null)
  const [search, setSearch] = useSearchParams()
  if (history.length === 0) return null
  const entries = historyWindow(history, choice)
  const labels = entries.map((e) => tickLabel(e.timestamp, entries.length))
  const options = historyOptions(history.length)
  const open = (entry: HistoryEntry) => {
    setSelected(null)
    setDiffOf(null)
    setSearch(withReportUuid(search, entry.uuid === history[0]?.uuid ? null : entry.uuid))
  }
  return (
    <SectionCard
      id="history-row"
      title="Project history"
      subtitle={`${history.length} report${history.length === 1 ? '' : 's'} on ${branch}`}
      collapsible
      defaultOpen={false}
      aside={
        options.length > 0 ? (
          <NativeSelect
            size="xs"
            aria-label="Reports shown"
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            data={options}
            data-testid="history-window"
          />
        ) : undefined
      }
      testId="section-history"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {CHARTS.map((chart) => (
          <Stack key={chart.key} gap={4}>
            <Text size="sm" fw={700}>
              {chart.label}
            </Text>
            <ScoreLineChart
              label={`${chart.label} score history`}
              labels={labels}
              series={[
                { label: 'Score', values: entries.map((e) => e[chart.key]), color: chart.color },
                {
                  label: 'Threshold',
                  values: entries.map((e) => e[chart.min]),
                  color: '#fa5252',
                  dashed: true,
                },
              ]}
              onPointClick={(index) => setSelected(entries[index] ?? null)}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <Group gap={6} mt="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          Click a point, or a report here, to see its details:
        </Text>
        {entries.map((entry) => (
          <Button
            key={entry.uuid}
            size="compact-xs"
            variant="subtle"
            onClick={() => setSelected(entry)}
            data-testid="history-point"
          >
            {entryWhen(entry.timestamp)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title="Report details"
        data-testid="history-details"
      >
        {selected ? (
          <Stack gap="xs">
            <Text size="sm">
              {entryWhen(selected.timestamp)} · {selected.status} · {selected.outcome}
            </Text>
            {CHARTS.map((c) => (
              <Group key={c.key} justify="space-between">
                <Text size="sm">{c.label}</Text>
                <Text size="sm" fw={600}>
                  {selected[c.key] ?? 'n/a'} (minimum {selected[c.min]})
                </Text>
              </Group>
            ))}
            <Group justify="flex-end" mt="sm" className="dialog-actions">
              <Button variant="default" onClick={() => setDiffOf(selected)} data-testid="history-diff">
                Report differences
              </Button>
              <Button onClick={() => open(selected)}>See report</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      {diffOf ? (
        <DiffModal
          projectId={project.uuid}
          branch={branch}
          to={diffOf.uuid}
          onClose={() => setDiffOf(null)}
          onSeeReport={() => open(diffOf)}
        />
      ) : null}
    </SectionCard>
  )
}
