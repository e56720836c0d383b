// The badges of one advice (report-page §2 Security assessment): severity (NONE shown as INFO), the
// CVE / 'MET-' id linking to the vulnerability page with the advice's other identifiers beside it, KEV (Exploited or Listed), CVSS and EPSS.
import { Anchor, Badge, Group, Text } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { Link } from 'react-router-dom'
import { advisoryPagePath } from './component-path'
import {
  adviceDisplayId,
  formatEpss,
  kevLabel,
  otherIdentifiers,
  SEVERITY_COLOR,
  severityLabel,
} from './security-model'

/** Text on the filled severity colours with at least 4.5:1 contrast (axe color-contrast): white only on
 * the dark CRITICAL red; the brighter HIGH, MEDIUM, LOW, SUGGEST and INFO colours take dark text. */
const SEVERITY_TEXT: Record<Advice['severity'], string> = {
  CRITICAL: 'white',
  HIGH: 'dark.9',
  MEDIUM: 'dark.9',
  LOW: 'dark.9',
  SUGGEST: 'dark.9',
  NONE: 'dark.9',
}

export function SeverityBadge({ severity }: { severity: Advice['severity'] }) {
  return (
    <Badge
      color={SEVERITY_COLOR[severity]}
      c={SEVERITY_TEXT[severity]}
      variant="filled"
      size="sm"
      radius="sm"
      w={78}
      data-testid="severity-badge"
    >
      {severityLabel(severity)}
    </Badge>
  )
}

export function AdviceBadges({ advice, pid, branch }: { advice: Advice; pid: string; branch: string }) {
  const kev = kevLabel(advice)
  const id = adviceDisplayId(advice)
  const others = otherIdentifiers(advice)
  return (
    <Group gap={8} wrap="wrap">
      <SeverityBadge severity={advice.severity} />
      <Anchor
        component={Link}
        to={advisoryPagePath(advice.id, pid, branch)}
        size="sm"
        fw={600}
        data-testid="cve-badge"
      >
        {id}
      </Anchor>
      {others.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="advice-identifiers">
          {others.join(' · ')}
        </Text>
      ) : null}
      {kev ? (
        <Badge
          color={kev === 'Exploited' ? 'red' : 'orange'}
          variant="light"
          size="sm"
          data-testid="kev-badge"
        >
          KEV · {kev}
        </Badge>
      ) : null}
      {/* one unit: wraps as a whole to the next line rather than splitting 'CWE-' from its number */}
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        CVSS {advice.cvss ?? '—'} · EPSS {formatEpss(advice.epss)}
        {advice.cwe ? ` · ${advice.cwe}` : ''}
      </Text>
    </Group>
  )
}
