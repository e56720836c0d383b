// /dashboard (report-page §2 Routes; issue 8 "Companion pages"): the account-wide overview — branches by
// outcome, vulnerabilities by severity, the account's score trend, the most widespread vulnerable
// components and the latest report of every branch — from GET /api/v3/reports,
// /api/v1/metrics/security/me and /api/v2/accounts/me/insights/dependencies.
import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReportsOverview, SecurityMetrics } from '@sextant/contract'
import { useState } from 'react'
import { formatCount } from '../../lib/format'
import { tickLabel } from '../../shared/report/history-model'
import { SignInGate } from '../../shared/session/sign-in-gate'
import { useSession } from '../../shared/session/use-session'
import { DoughnutChart, ScoreLineChart } from '../../ui/charts'
import { AlertIcon, InfoIcon } from '../../ui/icons'
import { MetricCard } from '../../ui/metric-card'
import { PageLoader } from '../../ui/page-loader'
import { SectionCard } from '../../ui/section-card'
import { StatusPanel } from '../../ui/status-panel'
import {
  accountTrend,
  DEFAULT_PERIOD,
  outcomeSlices,
  PERIODS,
  type Period,
  securityCards,
  severitySlices,
  sinceDaysOf,
} from './dashboard-model'
import { LatestReportsTable } from './latest-reports-table'
import { UploadExample } from './upload-example'
import { useReportsOverview, useSecurityMetrics } from './use-dashboard'
import { WidespreadComponents } from './widespread-components'

/** Anonymous visitors are asked to sign in (the dashboard is an account's), then shown it. */
export function DashboardPage() {
  return (
    <SignInGate always reason="The dashboard sums up your account's projects: sign in to see it.">
      <DashboardContent />
    </SignInGate>
  )
}

function DashboardContent() {
  const { account } = useSession()
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const sinceDaysAgo = sinceDaysOf(period)
  const overview = useReportsOverview(sinceDaysAgo)
  const metrics = useSecurityMetrics()
  return (
    <Stack gap="lg" data-testid="dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            Every project{account && !account.default ? ` of ${account.name}` : ''} at a glance: the latest
            report of each branch against its thresholds.
          </Text>
        </div>
        {overview.data?.projects === 0 ? null : (
          <SegmentedControl
            value={period}
            onChange={(value) => setPeriod(value as Period)}
            data={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
            aria-label="Reports of the last"
            data-testid="dashboard-period"
          />
        )}
      </Group>
      {overview.isError || metrics.isError ? (
        <StatusPanel title="SORRY, SOMETHING WENT WRONG" tone="danger" icon={<AlertIcon size={22} />}>
          <Text size="sm">
            The dashboard could not be loaded: {(overview.error ?? metrics.error)?.message}
          </Text>
        </StatusPanel>
      ) : !overview.data || !metrics.data ? (
        <PageLoader label="Loading the dashboard…" minHeight={240} />
      ) : overview.data.projects === 0 ? (
        <StatusPanel
          title="No projects yet"
          tone="info"
          icon={<InfoIcon size={22} />}
          testId="dashboard-empty"
        >
          <UploadExample />
        </StatusPanel>
      ) : (
        <Overview overview={overview.data} metrics={metrics.data} sinceDaysAgo={sinceDaysAgo} />
      )}
    </Stack>
  )
}

function Overview({
  overview,
  metrics,
  sinceDaysAgo,
}: {
  overview: ReportsOverview
  metrics: SecurityMetrics
  sinceDaysAgo: number | undefined
}) {
  const branches = overview.reports.length
  const period = sinceDaysAgo ? `in the last ${sinceDaysAgo} days` : 'of all time'
  const cards = securityCards(metrics)
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="dashboard-metrics">
        <MetricCard
          label="Projects"
          value={overview.projects}
          tone="muted"
          caption={
            overview.projectsWithoutReport > 0
              ? `${overview.projectsWithoutReport} without a report yet`
              : `${formatCount(metrics.branches, 'branch', 'branches')} with reports`
          }
          testId="metric-projects"
        />
        <MetricCard
          label="Passing"
          value={`${overview.outcomes.PASS} / ${branches}`}
          tone={branches === 0 ? 'muted' : overview.outcomes.FAIL > 0 ? 'bad' : 'good'}
          caption={`branches passing, ${sinceDaysAgo ? `last ${sinceDaysAgo} days` : 'all time'}`}
          testId="metric-passing"
        />
        <MetricCard
          label="Vulnerable components"
          value={cards.vulnerable.value}
          tone={cards.vulnerable.tone}
          caption={cards.vulnerable.caption}
          testId="metric-vulnerable"
        />
        <MetricCard
          label="Critical and high"
          value={cards.severe.value}
          tone={cards.severe.tone}
          caption={cards.severe.caption}
          testId="metric-severe"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard
          title="Branches by outcome"
          subtitle={`The latest report of each branch ${period}`}
          testId="dashboard-outcomes"
        >
          <Group justify="center">
            <DoughnutChart slices={outcomeSlices(overview)} label="Branches by outcome" />
          </Group>
        </SectionCard>
        <SectionCard
          title="Vulnerabilities by severity"
          subtitle={`Distinct advisories across the latest reports; ${metrics.belowThreshold} of ${formatCount(metrics.branches, 'branch', 'branches')} below the security threshold${metrics.notAssessed > 0 ? `, ${metrics.notAssessed} not assessed` : ''}`}
          testId="dashboard-severities"
        >
          <Group justify="center">
            <DoughnutChart slices={severitySlices(metrics)} label="Vulnerabilities by severity" />
          </Group>
        </SectionCard>
      </SimpleGrid>
      <ScoreTrend overview={overview} period={period} />
      <WidespreadComponents sinceDaysAgo={sinceDaysAgo} notAssessed={metrics.notAssessed} />
      <SectionCard
        title="Latest reports"
        subtitle={`${formatCount(branches, 'branch', 'branches')} with a report ${period}`}
        testId="dashboard-latest"
      >
        {branches === 0 ? (
          <Text size="sm" c="dimmed">
            No report {period}: choose a longer period.
          </Text>
        ) : (
          <LatestReportsTable reports={overview.reports} />
        )}
      </SectionCard>
    </>
  )
}

function ScoreTrend({ overview, period }: { overview: ReportsOverview; period: string }) {
  const points = accountTrend(overview.reports)
  return (
    <SectionCard
      title="Score trends"
      subtitle={`Average scores of the account after each report ${period}, each branch counted with its newest report`}
      testId="dashboard-trend"
    >
      {points.length < 2 ? (
        <Text size="sm" c="dimmed" data-testid="trend-too-short">
          {points.length === 0
            ? `No report ${period}.`
            : 'One report so far: the trend appears with the next one.'}
        </Text>
      ) : (
        <ScoreLineChart
          label="Average security, stability and licensing scores over time"
          height={260}
          labels={points.map((p) => tickLabel(p.at, points.length))}
          series={[
            { label: 'Security', values: points.map((p) => p.security), color: '#e03131' },
            { label: 'Stability', values: points.map((p) => p.stability), color: '#1971c2' },
            { label: 'Licensing', values: points.map((p) => p.licensing), color: '#2f9e44' },
          ]}
        />
      )}
    </SectionCard>
  )
}
