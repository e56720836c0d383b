// The DataTrails application of the account (spec accounts-and-api §7 "GET and POST …/credentials",
// "POST …/credentials/check"): address, client id and a write-only client secret (stored encrypted; the
// server answers only whether one is set). 'Check' asks DataTrails for a token with what is typed (the
// stored secret when the field is empty); 'Save' stores it. Administrators only (§6 configuration).
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { DATATRAILS_URL, type RkvstCheck, type RkvstCredentials } from '@sextant/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureMessage } from '../../lib/sdk'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { datatrails, datatrailsKeys } from './datatrails-api'

export function DataTrailsCredentialsForm({
  accountId,
  saved,
  mayEdit,
}: {
  accountId: string
  saved: RkvstCredentials
  mayEdit: boolean
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl || DATATRAILS_URL)
  const [clientId, setClientId] = useState(saved.clientId ?? '')
  const [clientSecret, setClientSecret] = useState('')
  const [result, setResult] = useState<RkvstCheck | null>(null)
  const typed = {
    baseUrl: baseUrl.trim(),
    clientId: clientId.trim(),
    ...(clientSecret ? { clientSecret } : {}),
  }
  // The stored secret is sealed for the address it was saved with: a new address needs it again.
  const secretKnown = clientSecret !== '' || (saved.clientSecretSet && saved.baseUrl === typed.baseUrl)
  const complete = typed.baseUrl !== '' && typed.clientId !== '' && secretKnown
  const save = useMutation({
    mutationFn: () => datatrails.saveCredentials(accountId, typed),
    onSuccess: (next) => {
      queryClient.setQueryData(datatrailsKeys.credentials(accountId), next)
      setClientSecret('')
      showAlert('success', 'The DataTrails application was saved.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const check = useMutation({
    mutationFn: () => datatrails.checkCredentials(accountId, typed),
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (error) => setResult({ valid: false, message: failureMessage(error) }),
  })
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label="DataTrails address"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
          disabled={!mayEdit}
          data-testid="datatrails-base-url"
        />
        <TextInput
          label="Client id"
          description="Of a DataTrails custom integration (Settings → Integrations)."
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          disabled={!mayEdit}
          data-testid="datatrails-client-id"
        />
      </Group>
      <PasswordInput
        label="Client secret"
        description={
          saved.clientSecretSet
            ? 'A secret is stored and never shown again: leave empty to keep it.'
            : "The integration's secret, shown once by DataTrails when it was made."
        }
        placeholder={saved.clientSecretSet ? '•••••••• stored' : 'Client secret'}
        value={clientSecret}
        onChange={(e) => setClientSecret(e.currentTarget.value)}
        disabled={!mayEdit}
        autoComplete="new-password"
        data-testid="datatrails-client-secret"
      />
      {result ? (
        <Alert
          color={result.valid ? 'green' : 'red'}
          variant="light"
          py="xs"
          data-testid="datatrails-check-result"
        >
          {result.message}
        </Alert>
      ) : null}
      {mayEdit ? (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => check.mutate()}
            loading={check.isPending}
            disabled={!complete}
            data-testid="datatrails-check"
          >
            Check
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!complete}
            data-testid="datatrails-save"
          >
            Save
          </Button>
        </Group>
      ) : null}
    </Stack>
  )
}
