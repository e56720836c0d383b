// The executive summary's doughnut charts and issue boxes (report-page §2, §9 "Chart defaults":
// doughnut, height 150, width 300, legend at the bottom), one per domain.
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { DoughnutChart, type Slice } from '../../ui/charts'
import { severityTotals } from './report-summary'

function chartSlices(report: Report): { title: string; slices: Slice[]; box: string }[] {
  const s = severityTotals(report)
  const st = report.stability.summary
  const li = report.licensing.summary
  // one slice per component, by its largest available update (the summary counts lanes, not components)
  const lanes = { none: 0, patch: 0, minor: 0, major: 0 }
  for (const part of report.stability.reports)
    for (const v of part.versions)
      lanes[
        v.newMajorVersionAvailable
          ? 'major'
          : v.newMinorVersionAvailable
            ? 'minor'
            : v.newPatchVersionAvailable
              ? 'patch'
              : 'none'
      ]++
  const clean = Math.max(0, li.components - li.forbiddenWithoutExclusion - li.undeclaredWithoutExclusion)
  return [
    {
      title: 'Security',
      box: `${s.critical + s.high + s.medium + s.low} vulnerabilities · ${s.exclusions} excluded`,
      slices: [
        { label: 'Critical', value: s.critical, color: '#c92a2a' },
        { label: 'High', value: s.high, color: '#fa5252' },
        { label: 'Medium', value: s.medium, color: '#fd7e14' },
        { label: 'Low', value: s.low, color: '#fcc419' },
      ],
    },
    {
      title: 'Stability',
      box: `${lanes.patch + lanes.minor + lanes.major} of ${st.components} components outdated`,
      slices: [
        { label: 'Up to date', value: lanes.none, color: '#40c057' },
        { label: 'Patch', value: lanes.patch, color: '#fcc419' },
        { label: 'Minor', value: lanes.minor, color: '#fd7e14' },
        { label: 'Major', value: lanes.major, color: '#868e96' },
      ],
    },
    {
      title: 'Licensing',
      box: `${li.forbiddenWithoutExclusion} forbidden · ${li.undeclaredWithoutExclusion} not declared`,
      slices: [
        { label: 'No issue', value: clean, color: '#40c057' },
        { label: 'Forbidden', value: li.forbiddenWithoutExclusion, color: '#fa5252' },
        { label: 'Not declared', value: li.undeclaredWithoutExclusion, color: '#fcc419' },
      ],
    },
  ]
}

export function SummaryCharts({ report }: { report: Report }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="summary-charts">
      {chartSlices(report).map(({ title, slices, box }) => (
        <Paper key={title} withBorder radius="md" p="sm">
          <Stack gap={6} align="center">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
              {title}
            </Text>
            <DoughnutChart
              slices={slices}
              label={`${title}: ${slices.map((s) => `${s.label} ${s.value}`).join(', ')}`}
            />
            <Text size="xs" ta="center" data-testid="issue-box">
              {box}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
