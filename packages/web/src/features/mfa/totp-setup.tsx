// Set-up of the authenticator app: the QR code (a data URL of the otpauth URI) and the secret for
// typing in by hand; a code from the app confirms it (POST /api/v1/mfa/validate/app?isSetup=true).
import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useMutationForm } from '../../lib/use-mutation-form'
import { accountApi, failureMessage } from '../../shared/account/account-api'

interface TotpSetupProps {
  qrCode: string
  secret: string
  onDone: () => Promise<void>
  onCancel: () => void
}

export function TotpSetup({ qrCode, secret, onDone, onCancel }: TotpSetupProps) {
  const [code, setCode] = useState('')
  const { busy, error: failure, run } = useMutationForm({ describe: failureMessage })

  async function confirm(event: FormEvent) {
    event.preventDefault()
    await run(async () => {
      await accountApi.mfaValidate('app', code.trim(), true)
      await onDone()
    })
  }

  return (
    <form onSubmit={confirm} noValidate data-testid="totp-setup">
      <Stack gap="sm">
        <Text size="sm">1. Scan the code with your authenticator app, or type the secret into it.</Text>
        <Group align="center" gap="md" wrap="wrap">
          <Image
            src={qrCode}
            alt="QR code of the authenticator set-up"
            w={148}
            h={148}
            radius="sm"
            data-testid="totp-qr"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
            <Text size="xs" c="dimmed">
              Secret
            </Text>
            <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
        <Text size="sm">2. Enter the six-digit code the app shows.</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="totp-error">
            {failure}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            aria-label="Code from the app"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            w={140}
            data-testid="totp-code"
          />
          <Button
            type="submit"
            loading={busy}
            disabled={!/^\d{6}$/.test(code.trim())}
            data-testid="totp-confirm"
          >
            Confirm
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
