// The authenticator app (TOTP) of the signed-in member: status, set-up (QR code and secret from
// POST /api/v1/mfa/app/initialize, confirmed by a code with ?isSetup=true) and deactivation (§7 MFA).
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { SectionCard } from '../../ui/section-card'
import { TotpSetup } from './totp-setup'

export const MFA_STATUS_KEY = [...ACCOUNT_QUERY_KEY, 'mfa-status'] as const

export function MfaCard() {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const status = useQuery({ queryKey: MFA_STATUS_KEY, queryFn: accountApi.mfaStatus })
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY })
  const start = useMutation({
    mutationFn: accountApi.mfaInitialize,
    onSuccess: (answer) => setSetup({ qrCode: answer.qrCode, secret: answer.secret }),
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const deactivate = useMutation({
    mutationFn: accountApi.mfaDeactivate,
    onSuccess: async () => {
      await refresh()
      showAlert('success', 'The authenticator app is no longer asked for at sign-in.')
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const enabled = status.data?.app ?? false
  const badge = status.data ? (
    <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="mfa-status">
      {enabled ? 'Active' : 'Off'}
    </Badge>
  ) : null

  return (
    <SectionCard
      title="Authenticator app"
      subtitle="A time-based code at every sign-in"
      aside={badge}
      testId="mfa-card"
    >
      {setup ? (
        <TotpSetup
          {...setup}
          onDone={async () => {
            setSetup(null)
            await refresh()
            showAlert('success', 'Two-step verification is on: sign-ins now ask for a code.')
          }}
          onCancel={() => setSetup(null)}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {enabled
              ? 'Sign-ins ask for the six-digit code of your authenticator app, or a scratch code.'
              : 'Add a second step to sign-in with an authenticator app such as Aegis, 1Password or Google Authenticator.'}
          </Text>
          <Group>
            {enabled ? (
              <Button
                variant="default"
                color="red"
                loading={deactivate.isPending}
                onClick={() => deactivate.mutate()}
                data-testid="mfa-deactivate"
              >
                Deactivate
              </Button>
            ) : (
              <Button
                loading={start.isPending}
                onClick={() => start.mutate()}
                disabled={!status.data}
                data-testid="mfa-enable"
              >
                Set up authenticator app
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </SectionCard>
  )
}
