// /account/integrations (issue 17 "Screens"): one card per account integration the account's plan has,
// like the Jira page: Datadog metrics (set up, check, send now, history). Administrators change them
// (§6 configuration); other members do not see the tab.
import { Stack, Text } from '@mantine/core'
import { DATADOG_FEATURE } from '@sextant/contract'
import { useRights } from '../account/use-rights'
import { useSession } from '../auth/use-session'
import { DatadogCard } from './datadog-card'

export function hasIntegrationFeature(features: readonly string[] | undefined): boolean {
  return features?.includes(DATADOG_FEATURE) ?? false
}

export function IntegrationsPage() {
  const { account } = useSession()
  const may = useRights()
  const accountId = account?.uuid ?? ''
  if (!hasIntegrationFeature(account?.features))
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="integrations-not-enabled">
        No metrics integration is part of this account's plan (feature 'datadog').
      </Text>
    )
  if (!may('configuration', 'read'))
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        Only Administrators see and change the integrations.
      </Text>
    )
  return (
    <Stack gap="lg" data-testid="integrations-page">
      {accountId ? <DatadogCard accountId={accountId} mayEdit={may('configuration', 'edit')} /> : null}
    </Stack>
  )
}
