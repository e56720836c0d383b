// The second factor of a sign-in (accounts-and-api §7 MFA): the code of the authenticator app or a
// scratch code (each works once), sent with the limited token to POST /api/v1/mfa/validate/{method}.
import { Alert, Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { clearToken } from '../../lib/auth-storage'
import { accountApi, failureMessage } from './account-api'
import { AuthCard } from './auth-card'

type Method = 'app' | 'scratch'

interface MfaStepProps {
  email: string
  onDone: () => Promise<void>
  onCancel: () => void
}

export function MfaStep({ email, onDone, onCancel }: MfaStepProps) {
  const [method, setMethod] = useState<Method>('app')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      await accountApi.mfaValidate(method, code.trim())
      await onDone()
    } catch (error) {
      setFailure(failureMessage(error))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  async function cancel() {
    // The limited token is of no use to anyone: end it on the server and forget it here.
    await accountApi.logout().catch(() => undefined)
    clearToken()
    onCancel()
  }

  return (
    <AuthCard
      title="Two-step verification"
      subtitle={`Confirm that it is you signing in as ${email}.`}
      testId="mfa-step"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={method}
            onChange={(value) => setMethod(value as Method)}
            data={[
              { value: 'app', label: 'Authenticator app' },
              { value: 'scratch', label: 'Scratch code' },
            ]}
            data-testid="mfa-method"
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="mfa-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={method === 'app' ? 'Six-digit code from your app' : 'One of your scratch codes'}
            description={method === 'scratch' ? 'Each scratch code works once.' : undefined}
            autoComplete="one-time-code"
            inputMode={method === 'app' ? 'numeric' : 'text'}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoFocus
            data-testid="mfa-code"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={busy}
            disabled={!code.trim()}
            data-testid="mfa-submit"
          >
            Verify and sign in
          </Button>
          <Text size="sm" ta="center">
            <Anchor component="button" type="button" onClick={cancel} c="dimmed">
              Cancel and sign in as someone else
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
