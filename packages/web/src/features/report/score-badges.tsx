// The three score badges (report-page §2 Layout): security, stability and licensing, green at or above
// the report's threshold and red below, each linking to its section (defects-row, versions-row, licenses-row).

import { SimpleGrid } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { MetricCard, type MetricTone } from '../../ui/metric-card'
import { type Domain, type ScoreState, SECTION_ANCHORS, scoreState } from './report-summary'

const DOMAINS: { domain: Domain; label: string }[] = [
  { domain: 'security', label: 'Security' },
  { domain: 'stability', label: 'Stability' },
  { domain: 'licensing', label: 'Licensing' },
]

const tone: Record<ScoreState, MetricTone> = { pass: 'good', fail: 'bad', unassessed: 'muted' }
const status: Record<ScoreState, string> = {
  pass: 'PASS',
  fail: 'BELOW THRESHOLD',
  unassessed: 'NOT ASSESSED',
}

export function ScoreBadges({ report }: { report: Report }) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} data-testid="score-badges">
      {DOMAINS.map(({ domain, label }) => {
        const state = scoreState(report, domain)
        return (
          <MetricCard
            key={domain}
            label={label}
            value={report[domain].score}
            caption={
              state === 'unassessed'
                ? 'No data to assess this area'
                : `Threshold ${report.thresholds[domain]} · out of 100`
            }
            tone={tone[state]}
            status={status[state]}
            href={`#${SECTION_ANCHORS[domain]}`}
            testId={`score-${domain}`}
          />
        )
      })}
    </SimpleGrid>
  )
}
