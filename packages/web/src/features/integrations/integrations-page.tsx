// /account/integrations (issue 17 "Screens"): one card per account integration the account's plan has,
// like the Jira page: Datadog metrics (set up, check, send now, history; Administrators only, §6
// configuration) and DataTrails asset tracking (every member sees the branches and their history;
// Administrators set the application up, linking needs projects edit, publishing reports edit).
import { Stack, Text } from '@mantine/core'
import { DATADOG_FEATURE, RKVST_FEATURE } from '@sextant/contract'
import type { UiAction, UiArea } from '../../shared/account/rights'
import { useRights } from '../../shared/account/use-rights'
import { useSession } from '../../shared/session/use-session'
import { DatadogCard } from './datadog-card'
import { DataTrailsCard } from './datatrails-card'

type May = (area: UiArea, action: UiAction) => boolean

function cardsShown(features: readonly string[] | undefined, may: May) {
  return {
    datadog: (features?.includes(DATADOG_FEATURE) ?? false) && may('configuration', 'read'),
    datatrails: (features?.includes(RKVST_FEATURE) ?? false) && may('projects', 'read'),
  }
}

/** Whether the Integrations tab has a card for this member. */
export function showsIntegrations(features: readonly string[] | undefined, may: May): boolean {
  const shown = cardsShown(features, may)
  return shown.datadog || shown.datatrails
}

export function IntegrationsPage() {
  const { account } = useSession()
  const may = useRights()
  const accountId = account?.uuid ?? ''
  const shown = cardsShown(account?.features, may)
  if (!shown.datadog && !shown.datatrails)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="integrations-not-enabled">
        No integration is part of this account's plan for your role (features 'datadog' and 'rkvst'; Datadog
        is for Administrators).
      </Text>
    )
  if (!accountId) return null
  return (
    <Stack gap="lg" data-testid="integrations-page">
      {shown.datadog ? <DatadogCard accountId={accountId} mayEdit={may('configuration', 'edit')} /> : null}
      {shown.datatrails ? (
        <DataTrailsCard
          accountId={accountId}
          rights={{
            configure: may('configuration', 'edit'),
            linkBranches: may('projects', 'edit'),
            publish: may('reports', 'edit'),
          }}
        />
      ) : null}
    </Stack>
  )
}
