// Creates an API token with a name and an optional expiry; the secret is shown here once, with a copy
// button (the server stores only its digest).
import { Alert, Button, Code, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'
import { useAlerts } from '../../ui/alerts/use-alerts'

const EXPIRIES = [
  { value: '0', label: 'Never expires' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
]

export function TokenCreateForm({ accountId, onCreated }: { accountId: string; onCreated: () => void }) {
  const { showAlert } = useAlerts()
  const [name, setName] = useState('')
  const [days, setDays] = useState('0')
  const { busy, run } = useMutationForm({
    describe: failureMessage,
    onError: (message) => showAlert('error', message),
  })
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      const answer = await accountApi.createToken(accountId, name.trim(), Number(days) || undefined)
      setSecret({ name: answer.name, token: answer.token })
      setName('')
      onCreated()
    })
  }

  return (
    <Stack gap="sm">
      {secret ? (
        <Alert
          color="yellow"
          variant="light"
          title={`Token “${secret.name}” created: copy it now, it is not shown again`}
          data-testid="token-secret-box"
          withCloseButton
          onClose={() => setSecret(null)}
        >
          <Group gap="xs" wrap="nowrap" mt={4}>
            <Code data-testid="token-secret" style={{ wordBreak: 'break-all' }}>
              {secret.token}
            </Code>
            <CopyButton value={secret.token}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            Send it as the header Authorization: Token &lt;token&gt;.
          </Text>
        </Alert>
      ) : null}
      <form onSubmit={create} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Token name"
            placeholder="e.g. CI pipeline"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="token-name"
          />
          <Select
            label="Expiry"
            data={EXPIRIES}
            value={days}
            onChange={(value) => setDays(value ?? '0')}
            allowDeselect={false}
            w={160}
            data-testid="token-expiry"
          />
          <Button
            type="submit"
            loading={busy}
            disabled={!name.trim() || !accountId}
            data-testid="token-create"
          >
            Create token
          </Button>
        </Group>
      </form>
    </Stack>
  )
}
