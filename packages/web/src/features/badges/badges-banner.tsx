// The dismissible suggestion to add badges (report-page §2 Banners), linking to the badges page with a gh
// parameter. Shown on the latest report to signed-in members in private mode, until dismissed for the
// project (remembered in this browser).
import { Anchor, CloseButton, Group, Paper, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useReportContext } from '../../shared/report/report-context'
import { badgesBannerDismissed, badgesPageHref, dismissBadgesBanner } from './badge-model'

export function BadgesBanner() {
  const { project, branch, access } = useReportContext()
  const [dismissed, setDismissed] = useState(() => badgesBannerDismissed(window.localStorage, project.uuid))
  if (dismissed || !access.privateMode || !access.latest) return null
  return (
    <Paper
      radius="md"
      px="md"
      py="sm"
      bg="var(--mantine-color-sextant-0)"
      style={{ border: '1px solid var(--mantine-color-sextant-3)' }}
      data-testid="badges-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          Show this project's scores in its README:{' '}
          <Anchor
            component={Link}
            to={badgesPageHref(project.uuid, branch, project.url)}
            fw={600}
            data-testid="badges-link"
          >
            add the security, stability and licensing badges
          </Anchor>
          .
        </Text>
        <CloseButton
          aria-label="Dismiss the badges suggestion"
          onClick={() => {
            dismissBadgesBanner(window.localStorage, project.uuid)
            setDismissed(true)
          }}
          data-testid="badges-dismiss"
        />
      </Group>
    </Paper>
  )
}
