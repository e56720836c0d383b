// The metrics integration's card on /account/integrations (issue 17 "Screens"; spec accounts-and-api §7
// "Metrics integration"): the Datadog site (or a custom API address), a write-only API key, whether the
// schedule sends metrics, 'Check key', 'Save', 'Send now' and the submissions with their results.
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { type DatadogCheck, type DatadogSetup, datadogSiteNames } from '@sextant/contract'
import { datadogApi } from '@sextant/sdk'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { failureMessage, sdk } from '../../lib/sdk'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { SectionCard } from '../../ui/section-card'

const datadog = datadogApi(sdk)
const SITES = [
  ...datadogSiteNames.map((s) => ({ value: s, label: s })),
  { value: 'custom', label: 'Custom API address' },
]

export function DatadogCard({ accountId, mayEdit }: { accountId: string; mayEdit: boolean }) {
  const setup = useQuery({
    queryKey: ['datadog', 'setup', accountId],
    queryFn: () => datadog.setup(accountId),
  })
  if (setup.isError) return <Text c="red">Datadog could not be loaded: {setup.error.message}</Text>
  if (!setup.data) return null
  return <DatadogForm accountId={accountId} saved={setup.data} mayEdit={mayEdit} />
}

function DatadogForm({
  accountId,
  saved,
  mayEdit,
}: {
  accountId: string
  saved: DatadogSetup
  mayEdit: boolean
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [site, setSite] = useState(saved.site ?? 'datadoghq.com')
  const [baseUrl, setBaseUrl] = useState(saved.site === 'custom' ? (saved.baseUrl ?? '') : '')
  const [apiKey, setApiKey] = useState('')
  const [scheduled, setScheduled] = useState(saved.configured ? saved.scheduled : true)
  const [result, setResult] = useState<DatadogCheck | null>(null)
  useEffect(() => setSite(saved.site ?? 'datadoghq.com'), [saved])
  const history = useQuery({
    queryKey: ['datadog', 'history', accountId],
    queryFn: () => datadog.history(accountId),
    enabled: saved.configured,
  })
  const typed = {
    site: site as 'custom',
    ...(site === 'custom' ? { baseUrl: baseUrl.trim() } : {}),
    ...(apiKey ? { apiKey } : {}),
  }
  const save = useMutation({
    mutationFn: () => datadog.saveSetup(accountId, { ...typed, scheduled }),
    onSuccess: (next) => {
      queryClient.setQueryData(['datadog', 'setup', accountId], next)
      setApiKey('')
      showAlert('success', 'The Datadog set-up was saved.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const check = useMutation({
    mutationFn: () => datadog.checkCredentials(accountId, typed),
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (error) => setResult({ valid: false, message: failureMessage(error) }),
  })
  const send = useMutation({
    mutationFn: () => datadog.sendNow(accountId),
    onSuccess: (s) => {
      void queryClient.invalidateQueries({ queryKey: ['datadog', 'history', accountId] })
      showAlert(s.ok ? 'success' : 'error', s.message)
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const complete = (site !== 'custom' || baseUrl.trim() !== '') && (saved.apiKeySet || apiKey !== '')
  return (
    <SectionCard
      title="Datadog metrics"
      subtitle="Scores, findings, outdated components, licence violations and outcome of every branch as gauges"
      testId="datadog-card"
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Site"
            data={SITES}
            value={site}
            onChange={(v) => setSite(v ?? 'datadoghq.com')}
            disabled={!mayEdit}
            allowDeselect={false}
            data-testid="datadog-site"
          />
          {site === 'custom' ? (
            <TextInput
              label="API address"
              placeholder="https://dd-proxy.example.com"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.currentTarget.value)}
              disabled={!mayEdit}
              data-testid="datadog-base-url"
            />
          ) : null}
        </Group>
        <PasswordInput
          label="API key"
          description={
            saved.apiKeySet
              ? 'A key is stored and never shown again: leave empty to keep it.'
              : 'A Datadog API key (Organization settings → API keys).'
          }
          placeholder={saved.apiKeySet ? '•••••••• stored' : 'API key'}
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          disabled={!mayEdit}
          autoComplete="new-password"
          data-testid="datadog-key"
        />
        <Switch
          label="Send metrics on the schedule"
          checked={scheduled}
          onChange={(e) => setScheduled(e.currentTarget.checked)}
          disabled={!mayEdit}
        />
        {result ? (
          <Alert
            color={result.valid ? 'green' : 'red'}
            variant="light"
            py="xs"
            data-testid="datadog-check-result"
          >
            {result.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => check.mutate()}
            loading={check.isPending}
            disabled={!mayEdit || !complete}
            data-testid="datadog-check"
          >
            Check key
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!mayEdit || !complete}
            data-testid="datadog-save"
          >
            Save
          </Button>
          <Button
            variant="light"
            onClick={() => send.mutate()}
            loading={send.isPending}
            disabled={!mayEdit || !saved.configured}
            data-testid="datadog-send"
          >
            Send now
          </Button>
        </Group>
        {history.data?.length ? (
          <Table striped withTableBorder fz="xs" data-testid="datadog-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Trigger</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.slice(0, 10).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{new Date(s.at).toLocaleString()}</Table.Td>
                  <Table.Td>{s.trigger}</Table.Td>
                  <Table.Td c={s.ok ? undefined : 'red'}>{s.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </SectionCard>
  )
}
