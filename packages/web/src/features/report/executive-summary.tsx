// The executive-summary strip (report-page §2 Executive summary): key figures of the report for the
// chosen scope (All dependencies or Production: counts, charts and the dependency mix all follow it,
// issue 14) and the 'Report Details' sidebar with analysis scopes, generation time in UTC, the advisory
// data the report used (issue 14 "Advisory data freshness is visible") and per-language counts. Components
// of an SBOM without a dependency graph are neither direct nor transitive: the summary says so.
// Above it the language filter, 'Show issues only' and the scope options; doughnut charts and issue boxes;
// 'Request to Delete' for live reports (§6).

import { Badge, Grid, Group, Paper, Stack, Text } from '@mantine/core'
import type { Report } from '@sextant/contract'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { formatCount, formatUtc } from '../../lib/format'
import { advisoryDataView, relationshipView } from '../../shared/report/assessment-view'
import { useReportContext } from '../../shared/report/report-context'
import {
  componentsPerLanguage,
  domainScopesLabel,
  languageLabel,
  scopeLabel,
} from '../../shared/report/report-summary'
import { parseReportParams } from '../../shared/report/report-url'
import { SectionCard } from '../../ui/section-card'
import { StatGrid } from '../../ui/stat-grid'
import { InlineNotice } from '../../ui/status-panel'
import { DependencyMix } from './dependency-mix'
import { RequestDelete } from './request-delete'
import { SummaryCharts } from './summary-charts'
import { SummaryFilters } from './summary-filters'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  )
}

const DOMAINS = [
  ['security', 'Security'],
  ['stability', 'Stability'],
  ['licensing', 'Licensing'],
] as const

type AutoMitigation = NonNullable<Report['autoMitigation']>

const hasAutoMitigation = (a: AutoMitigation) => a.cvss !== null || a.epss !== null || a.severity !== null

/** The thresholds the report was built with, e.g. 'below CVSS 4 · EPSS 1% · severity Medium'. */
function autoMitigationLabel(a: AutoMitigation): string {
  const parts = [
    a.cvss !== null ? `CVSS ${a.cvss}` : null,
    a.epss !== null ? `EPSS ${a.epss}%` : null,
    a.severity !== null ? `severity ${a.severity.charAt(0)}${a.severity.slice(1).toLowerCase()}` : null,
  ]
  return `Below ${parts.filter((p) => p !== null).join(' · ')}`
}

export function ExecutiveSummary({ report }: { report: Report }) {
  const languages = componentsPerLanguage(report)
  const [search] = useSearchParams()
  const live = parseReportParams(search).live
  const { filters } = useReportContext()
  const totals = report.totals[filters.scope]
  const relations = relationshipView(totals)
  const advisoryData = advisoryDataView(report.advisorySnapshot)
  const outcomeColor = report.outcome === 'PASS' ? 'green.8' : report.outcome === 'FAIL' ? 'red.7' : 'gray.7'
  return (
    <SectionCard
      id="summary"
      title="Executive summary"
      collapsible
      testId="executive-summary"
      aside={live ? <RequestDelete /> : null}
    >
      <SummaryFilters languages={languages.map((l) => l.language)} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <StatGrid
            items={[
              { label: 'Components', value: totals.components.toLocaleString('en-US') },
              { label: 'Direct', value: relations.direct },
              { label: 'Transitive', value: relations.transitive },
              { label: 'Outcome', value: report.outcome, color: outcomeColor },
            ]}
          />
          <Stack gap="lg" mt="lg">
            <SummaryCharts
              totals={totals}
              partial={{
                security: report.security.assessment.state === 'partial',
                stability: report.stability.assessment.state === 'partial',
                licensing: report.licensing.assessment.state === 'partial',
              }}
            />
            <DependencyMix direct={totals.direct} transitive={totals.transitive} />
            {relations.note ? (
              <Text size="xs" c="dimmed" data-testid="relationships-unknown">
                {relations.note}
              </Text>
            ) : null}
          </Stack>
          <Text size="xs" c="dimmed" mt="lg" data-testid="report-thresholds">
            Thresholds for this report: security {report.thresholds.security} · stability{' '}
            {report.thresholds.stability} · licensing {report.thresholds.licensing}. Branch{' '}
            {report.project.branch}.
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md" data-testid="report-details">
            <Text fw={700} size="sm" mb="sm">
              Report Details
            </Text>
            <Stack gap="sm">
              <Detail label="Generated">
                <Text size="sm">{formatUtc(report.createdAt)}</Text>
              </Detail>
              <Detail label="Analysis scopes">
                {report.analysisScopes ? (
                  <Stack gap={2} data-testid="analysis-scopes">
                    {DOMAINS.map(([domain, label]) => (
                      <Group key={domain} justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm">{label}</Text>
                        <Text size="sm" c="dimmed" ta="right">
                          {domainScopesLabel(report.analysisScopes?.[domain] ?? [])}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                ) : (
                  <Group gap={6}>
                    {report.scopes.length === 0 ? <Text size="sm">All dependencies</Text> : null}
                    {report.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color="gray" size="sm">
                        {scopeLabel(scope)}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Detail>
              {report.autoMitigation && hasAutoMitigation(report.autoMitigation) ? (
                <Detail label="Auto-mitigation">
                  <Text size="sm" data-testid="report-auto-mitigation">
                    {autoMitigationLabel(report.autoMitigation)}
                  </Text>
                </Detail>
              ) : null}
              {advisoryData ? (
                <Detail label="Advisory data">
                  {advisoryData.warn ? (
                    <InlineNotice title={advisoryData.state} tone="warning" testId="report-advisory-data">
                      {advisoryData.line}
                    </InlineNotice>
                  ) : (
                    <Text size="sm" data-testid="report-advisory-data">
                      {advisoryData.state}: {advisoryData.line}
                    </Text>
                  )}
                </Detail>
              ) : null}
              <Detail label="Languages">
                <Stack gap={2}>
                  {languages.length === 0 ? <Text size="sm">None found</Text> : null}
                  {languages.map(({ language, components }) => (
                    <Group key={language} justify="space-between" gap="xs">
                      <Text size="sm">{languageLabel(language)}</Text>
                      <Text size="sm" c="dimmed">
                        {formatCount(components, 'component')}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Detail>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </SectionCard>
  )
}
