// The three score badges (report-page §2 Layout): security, stability and licensing, green at or above
// the report's threshold and red below, each linking to its section (defects-row, versions-row, licenses-row);
// "n/a", partly or not assessed, for a domain not assessed whole (issue 14: never a score for unknown).

import { SimpleGrid } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { type BadgeState, scoreBadgeView } from '../../shared/report/assessment-view'
import { type Domain, SECTION_ANCHORS } from '../../shared/report/report-summary'
import { MetricCard, type MetricTone } from '../../ui/metric-card'

const DOMAINS: { domain: Domain; label: string }[] = [
  { domain: 'security', label: 'Security' },
  { domain: 'stability', label: 'Stability' },
  { domain: 'licensing', label: 'Licensing' },
]

const tone: Record<BadgeState, MetricTone> = {
  pass: 'good',
  fail: 'bad',
  partial: 'warn',
  unassessed: 'muted',
}

export function ScoreBadges({ report }: { report: Report }) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} data-testid="score-badges">
      {DOMAINS.map(({ domain, label }) => {
        const view = scoreBadgeView(report, domain)
        return (
          <MetricCard
            key={domain}
            label={label}
            value={view.value}
            caption={view.caption}
            tone={tone[view.state]}
            status={view.status}
            href={`#${SECTION_ANCHORS[domain]}`}
            testId={`score-${domain}`}
          />
        )
      })}
    </SimpleGrid>
  )
}
