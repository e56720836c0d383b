// One component of the licensing list (report-page §2 Licensing, §3 License): its licences, policy
// violations and warnings ('NOT DECLARED / NOT FOUND' with 'No valid license found!', one quiet line), its copyright
// text and licence actions; names and versions blurred for opensource accounts past the first 10 percent (§6).
import { Badge, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import {
  blurText,
  isUndeclared,
  type LicensingRow,
  UNDECLARED_LABEL,
  UNDECLARED_WARNING,
} from '../../shared/report/licensing-model'

interface LicenceRowProps {
  row: LicensingRow
  blurred: boolean
  /** The row's exclusions and its actions: Exclude (§6 acting members), Edit license / Edit copyright. */
  actions?: ReactNode
}

export function LicenceRow({ row, blurred, actions }: LicenceRowProps) {
  const r = row.result
  // The engine reports an undeclared licence as the id 'NOT DECLARED / NOT FOUND' with the warning
  // 'No valid license found!': both are shown once, together, as one quiet line.
  const undeclared = isUndeclared(r) || r.licenses.every((l) => l.id.toUpperCase() === UNDECLARED_LABEL)
  const warnings = undeclared ? r.warnings.filter((w) => w !== UNDECLARED_WARNING) : r.warnings
  const name = blurred ? blurText(r.library.displayName) : r.library.displayName
  const version = blurred ? blurText(r.version) : r.version
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={8}
      px="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="licence-row"
      data-library={r.library.name}
      data-version={r.version}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Group gap={8} align="baseline">
          <Text
            size="sm"
            fw={600}
            style={{ wordBreak: 'break-all', filter: blurred ? 'blur(3px)' : undefined }}
          >
            {name}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {version}
          </Text>
        </Group>
        {r.violations.map((v) => (
          <Text key={`${v.policyName}:${v.licence}`} size="xs" c="red.9">
            {v.licence} is forbidden by policy {v.policyName}
          </Text>
        ))}
        {warnings.map((w) => (
          <Text key={w} size="xs" c="#8a5300">
            {w}
          </Text>
        ))}
        {r.copyright && !blurred ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }} data-testid="licence-copyright">
            {r.copyright}
          </Text>
        ) : null}
        {actions}
      </Stack>
      <Group gap={6} justify="flex-end">
        {undeclared ? (
          // One quiet element carries both spec texts (not an orange line plus a badge).
          <Text size="xs" c="dimmed" data-testid="licence-undeclared">
            <Text span inherit fw={600}>
              {UNDECLARED_LABEL}
            </Text>{' '}
            · {UNDECLARED_WARNING}
          </Text>
        ) : (
          r.licenses.map((l) => (
            <Badge
              key={l.id}
              color={r.violations.some((v) => v.licence === l.id) ? 'red' : 'gray'}
              variant="light"
              size="sm"
              tt="none"
              title={licenceTitle(l)}
            >
              {l.id}
            </Badge>
          ))
        )}
      </Group>
    </Group>
  )
}

/** The badge's hover text: the licence name and the §3 flags. */
function licenceTitle(l: LicensingRow['result']['licenses'][number]): string {
  const flags = [l.wildcard ? 'or any later version' : '', l.proprietary ? "the owner's own terms" : '']
  return [l.name, ...flags.filter(Boolean)].join(' · ')
}
