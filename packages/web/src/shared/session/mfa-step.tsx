// The second factor of a sign-in (accounts-and-api §7 MFA): the code of the authenticator app, a code
// sent by SMS (POST /api/v1/mfa/authenticate/sms, to the phone set up; offered only when the member
// enabled SMS) or a scratch code (each works once), sent with the limited token to
// POST /api/v1/mfa/validate/{method}.
import { Alert, Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import type { MfaSignInMethod } from '@sextant/contract'
import { type FormEvent, useState } from 'react'
import { clearToken } from '../../lib/auth-storage'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../account/account-api'
import { AuthCard } from './auth-card'

type Method = MfaSignInMethod | 'scratch'

const LABELS: Record<Method, string> = { app: 'Authenticator app', sms: 'SMS', scratch: 'Scratch code' }
const CODE_LABELS: Record<Method, string> = {
  app: 'Six-digit code from your app',
  sms: 'The code of the SMS',
  scratch: 'One of your scratch codes',
}

interface MfaStepProps {
  email: string
  /** The factors the member enabled, as the login answered them; scratch codes are always offered. */
  methods: MfaSignInMethod[]
  onDone: () => Promise<void>
  onCancel: () => void
}

export function MfaStep({ email, methods, onDone, onCancel }: MfaStepProps) {
  // A login from before the server named the factors: the app, as then.
  const offered: Method[] = [...(methods.length > 0 ? methods : (['app'] as const)), 'scratch']
  const [method, setMethod] = useState<Method>(offered[0] ?? 'app')
  const [code, setCode] = useState('')
  // One state for both actions: verifying and sending an SMS are never in flight together.
  const { busy, error: failure, run, clearError } = useMutationForm({ describe: failureMessage })
  const [smsSent, setSmsSent] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      try {
        await accountApi.mfaValidate(method, code.trim())
      } catch (error) {
        setCode('')
        throw error
      }
      await onDone()
    })
  }

  async function sendSms() {
    await run(async () => setSmsSent((await accountApi.mfaSendSms()).message))
  }

  async function cancel() {
    // The limited token is of no use to anyone: end it on the server and forget it here.
    await accountApi.logout().catch(() => undefined)
    clearToken()
    onCancel()
  }

  const waitingForSms = method === 'sms' && !smsSent
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
            onChange={(value) => {
              setMethod(value as Method)
              clearError()
              setCode('')
            }}
            data={offered.map((m) => ({ value: m, label: LABELS[m] }))}
            data-testid="mfa-method"
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="mfa-error">
              {failure}
            </Alert>
          ) : null}
          {method === 'sms' && smsSent ? (
            <Alert color="green" variant="light" data-testid="mfa-sms-sent">
              {smsSent}
            </Alert>
          ) : null}
          {waitingForSms ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                We send a one-time code to the phone you set up for two-step verification.
              </Text>
              <Button size="md" fullWidth loading={busy} onClick={sendSms} data-testid="mfa-sms-send">
                Send me a code by SMS
              </Button>
            </Stack>
          ) : (
            <>
              <TextInput
                label={CODE_LABELS[method]}
                description={method === 'scratch' ? 'Each scratch code works once.' : undefined}
                autoComplete="one-time-code"
                inputMode={method === 'scratch' ? 'text' : 'numeric'}
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
              {method === 'sms' ? (
                <Anchor component="button" type="button" size="sm" onClick={sendSms} ta="center">
                  Send a new code
                </Anchor>
              ) : null}
            </>
          )}
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
