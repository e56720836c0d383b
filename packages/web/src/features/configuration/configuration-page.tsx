// /account/configuration: the account configuration for Administrators (accounts-and-api §3
// configuration.analysisScopes, §6 "no configuration" for every other role, §7 GET and POST
// /api/v1/accounts/{id}/configuration; product-notes "Scores"): score thresholds, the security scoring
// algorithm, analysis scopes and auto-mitigation thresholds, edited together and saved at once.
import { Button, Group, Stack, Text } from '@mantine/core'
import type { AccountConfiguration } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { useRights } from '../../shared/account/use-rights'
import { useSession } from '../../shared/session/use-session'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { PageLoader } from '../../ui/page-loader'
import {
  AutoMitigationSection,
  ScopesSection,
  ScoringSection,
  ThresholdsSection,
} from './configuration-sections'

export const CONFIGURATION_KEY = [...ACCOUNT_QUERY_KEY, 'configuration'] as const

export function ConfigurationPage() {
  const { user } = useSession()
  const may = useRights()
  const allowed = may('configuration', 'read')
  const accountId = user?.account.uuid ?? ''
  const configuration = useQuery({
    queryKey: [...CONFIGURATION_KEY, accountId],
    queryFn: () => accountApi.configuration(accountId),
    enabled: allowed && !!accountId,
  })
  if (!allowed)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="configuration-not-allowed">
        Only Administrators see and change the account configuration.
      </Text>
    )
  if (configuration.isError)
    return (
      <Text size="sm" c="red" ta="center" py="xl">
        The configuration could not be loaded: {configuration.error.message}
      </Text>
    )
  if (!configuration.data) return <PageLoader label="Loading the configuration…" />
  return (
    <ConfigurationForm
      accountId={accountId}
      saved={configuration.data}
      mayEdit={may('configuration', 'edit')}
    />
  )
}

function ConfigurationForm({
  accountId,
  saved,
  mayEdit,
}: {
  accountId: string
  saved: AccountConfiguration
  mayEdit: boolean
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [draft, setDraft] = useState(saved)
  useEffect(() => setDraft(saved), [saved])
  const save = useMutation({
    mutationFn: () => accountApi.setConfiguration(accountId, draft),
    onSuccess: async (next) => {
      queryClient.setQueryData([...CONFIGURATION_KEY, accountId], next)
      showAlert('success', 'The configuration was saved: it applies from the next analysis or recompute.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const changed = JSON.stringify(draft) !== JSON.stringify(saved)
  const scopesMissing = Object.values(draft.analysisScopes).some((scopes) => scopes.length === 0)
  const edit = (change: Partial<AccountConfiguration>) => setDraft((d) => ({ ...d, ...change }))
  const props = { draft, edit, disabled: !mayEdit || save.isPending }

  return (
    <Stack gap="lg" data-testid="configuration-form">
      <ThresholdsSection {...props} />
      <ScoringSection {...props} />
      <ScopesSection {...props} />
      <AutoMitigationSection {...props} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={!changed || save.isPending} onClick={() => setDraft(saved)}>
          Discard changes
        </Button>
        <Button
          disabled={!mayEdit || !changed || scopesMissing}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="configuration-save"
        >
          Save configuration
        </Button>
      </Group>
    </Stack>
  )
}
