// The executive summary's doughnut charts and issue boxes (report-page §2, §9 "Chart defaults":
// doughnut, height 150, width 300, legend at the bottom), one per domain, counted for the scope the
// summary shows (Report.totals: the figures every download prints too). A domain that was not
// assessed has no chart: it says so instead of drawing an empty or all-green doughnut; one assessed only in
// part says so under its chart (issue 14).
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReportTotals } from '@sextant/contract'
import { DoughnutChart, type Slice } from '../../ui/charts'

interface Chart {
  title: string
  assessed: boolean
  slices: Slice[]
  box: string
}

function charts(t: ReportTotals): Chart[] {
  const s = t.security
  const st = t.stability
  const li = t.licensing
  return [
    {
      title: 'Security',
      assessed: s.assessed,
      box: `${s.vulnerabilities} vulnerabilities · ${s.excluded} excluded`,
      slices: [
        { label: 'Critical', value: s.critical, color: '#c92a2a' },
        { label: 'High', value: s.high, color: '#fa5252' },
        { label: 'Medium', value: s.medium, color: '#fd7e14' },
        { label: 'Low', value: s.low, color: '#fcc419' },
      ],
    },
    {
      title: 'Stability',
      assessed: st.assessed,
      box: `${st.outdated} of ${st.components} components outdated${st.excluded ? ` · ${st.excluded} excluded` : ''}`,
      // the worst lane in the warning colour: a major version behind is the largest upgrade to make
      slices: [
        { label: 'Up to date', value: st.upToDate, color: '#40c057' },
        { label: 'Patch', value: st.patch, color: '#fcc419' },
        { label: 'Minor', value: st.minor, color: '#fd7e14' },
        { label: 'Major', value: st.major, color: '#e03131' },
      ],
    },
    {
      title: 'Licensing',
      assessed: li.assessed,
      box: `${li.forbidden} forbidden · ${li.undeclared} not declared${li.unknown ? ` · ${li.unknown} not assessed` : ''}${li.excluded ? ` · ${li.excluded} excluded` : ''}`,
      slices: [
        { label: 'No issue', value: li.clean, color: '#40c057' },
        { label: 'Forbidden', value: li.forbidden, color: '#fa5252' },
        { label: 'Not declared', value: li.undeclared, color: '#fcc419' },
        { label: 'Not assessed', value: li.unknown, color: '#adb5bd' },
      ],
    },
  ]
}

export function SummaryCharts({
  totals,
  partial = {},
}: {
  totals: ReportTotals
  /** Domains assessed only in part, by chart title's domain. */
  partial?: Partial<Record<'security' | 'stability' | 'licensing', boolean>>
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="summary-charts">
      {charts(totals).map(({ title, assessed, slices, box }) => (
        <Paper key={title} withBorder radius="md" p="sm">
          <Stack gap={6} align="center">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
              {title}
            </Text>
            {assessed ? (
              <>
                <DoughnutChart
                  slices={slices}
                  label={`${title}: ${slices.map((s) => `${s.label} ${s.value}`).join(', ')}`}
                />
                <Text size="xs" ta="center" data-testid="issue-box">
                  {box}
                </Text>
                {partial[title.toLowerCase() as 'security' | 'stability' | 'licensing'] ? (
                  <Text size="xs" c="orange.8" ta="center" data-testid="chart-partial">
                    Partly assessed: counts over what could be assessed
                  </Text>
                ) : null}
              </>
            ) : (
              <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="issue-box">
                Not assessed
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
