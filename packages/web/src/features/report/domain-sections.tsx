// One block per domain with the anchors the score badges link to (report-page §2 Layout):
// defects-row (security), versions-row (stability), licenses-row (licensing). They list what the
// report holds; a domain that was not assessed says so plainly (§8 'SOMETHING WENT WRONG HERE').

import type { Report } from '@sextant/contract'
import { formatCount } from '../../lib/format'
import { SectionCard } from '../../ui/section-card'
import { StatGrid } from '../../ui/stat-grid'
import { InlineNotice } from '../../ui/status-panel'
import { SECTION_ANCHORS, severityTotals, vulnerableComponents } from './report-summary'

const nonZero = (count: number, color: string) => (count > 0 ? color : undefined)

export function SecuritySection({ report }: { report: Report }) {
  const totals = severityTotals(report)
  const { security } = report
  return (
    <SectionCard
      id={SECTION_ANCHORS.security}
      title="Security assessment"
      subtitle={formatCount(security.componentsCount, 'component')}
      collapsible
      testId="section-security"
    >
      {security.assessed ? (
        <StatGrid
          cols={6}
          items={[
            { label: 'Vulnerable components', value: vulnerableComponents(report) },
            { label: 'Critical', value: totals.critical, color: nonZero(totals.critical, 'red.8') },
            { label: 'High', value: totals.high, color: nonZero(totals.high, 'red.6') },
            { label: 'Medium', value: totals.medium, color: nonZero(totals.medium, 'yellow.8') },
            { label: 'Low', value: totals.low },
            { label: 'Excluded', value: totals.exclusions },
          ]}
        />
      ) : (
        <InlineNotice title="NO ADVISORY DATA" tone="neutral" testId="security-unassessed">
          No advisory data was available when this report was built, so no vulnerability findings are shown.
          Import advisories on the server, then recompute or upload again.
        </InlineNotice>
      )}
    </SectionCard>
  )
}

export function StabilitySection({ report }: { report: Report }) {
  const { stability } = report
  return (
    <SectionCard
      id={SECTION_ANCHORS.stability}
      title="Stability assessment"
      subtitle={formatCount(stability.componentsCount, 'component')}
      collapsible
      testId="section-stability"
    >
      {stability.assessed ? (
        <StatGrid
          items={[
            { label: 'Components', value: stability.summary.components },
            { label: 'Patch available', value: stability.summary.patch },
            { label: 'Minor available', value: stability.summary.minor },
            { label: 'Major available', value: stability.summary.major },
          ]}
        />
      ) : (
        <InlineNotice title="SOMETHING WENT WRONG HERE" tone="warning" testId="stability-unassessed">
          We couldn't determine if there are updates for the dependencies you are currently using. It might be
          a temporary issue... If it persists, contact your Sextant administrator.
        </InlineNotice>
      )}
    </SectionCard>
  )
}

export function LicensingSection({ report }: { report: Report }) {
  const { licensing } = report
  return (
    <SectionCard
      id={SECTION_ANCHORS.licensing}
      title="Licensing assessment"
      subtitle={formatCount(licensing.componentsCount, 'component')}
      collapsible
      testId="section-licensing"
    >
      {licensing.assessed ? (
        <StatGrid
          items={[
            { label: 'Components', value: licensing.summary.components },
            { label: 'Licences found', value: licensing.summary.tot },
            {
              label: 'Forbidden',
              value: licensing.summary.forbiddenWithoutExclusion,
              color: nonZero(licensing.summary.forbiddenWithoutExclusion, 'red.7'),
            },
            {
              label: 'Not declared',
              value: licensing.summary.undeclaredWithoutExclusion,
              color: nonZero(licensing.summary.undeclaredWithoutExclusion, 'yellow.8'),
            },
          ]}
        />
      ) : (
        <InlineNotice title="SOMETHING WENT WRONG HERE" tone="warning" testId="licensing-unassessed">
          We couldn't determine the licenses for the dependencies you are currently using... If it persists,
          contact your Sextant administrator.
        </InlineNotice>
      )}
    </SectionCard>
  )
}
