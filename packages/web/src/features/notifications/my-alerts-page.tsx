// /account/alerts (issue 16 "a per-user alert subscription in account settings"): the alert e-mails the
// signed-in member gets, one per e-mail channel of the account that lists their address, with the rules
// sending through it (immediately or in the daily digest) and a switch to stop or resume them: what the
// unsubscribe link of an alert e-mail does. Every member manages their own; Administrators set up channels.
import { Alert, Badge, Group, Stack, Switch, Text } from '@mantine/core'
import type { AlertSubscription } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SectionCard } from '../../ui/section-card'
import { failureText, notifications } from './notifications-api'

const KEY = ['notifications', 'mine'] as const

function rulesText(s: AlertSubscription): string {
  const on = s.rules.filter((r) => r.enabled)
  if (on.length === 0) return 'No enabled rule sends through it yet.'
  return on.map((r) => `${r.name} (${r.mode === 'digest' ? 'daily digest' : 'immediately'})`).join(', ')
}

function SubscriptionRow({ sub }: { sub: AlertSubscription }) {
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (subscribed: boolean) => notifications.setMySubscription(sub.channelUuid, subscribed),
    onSuccess: (next) =>
      queryClient.setQueryData<AlertSubscription[]>(KEY, (list) =>
        list?.map((s) => (s.channelUuid === next.channelUuid ? next : s)),
      ),
  })
  return (
    <Stack
      gap={4}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="my-alert"
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8}>
          <Text fw={600}>{sub.name}</Text>
          {sub.subscribed ? null : (
            <Badge color="gray" variant="light">
              stopped
            </Badge>
          )}
        </Group>
        <Switch
          label={sub.subscribed ? 'Receiving' : 'Not receiving'}
          labelPosition="left"
          checked={sub.subscribed}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.currentTarget.checked)}
          data-testid="my-alert-switch"
        />
      </Group>
      <Text size="sm" c="dimmed">
        {rulesText(sub)}
      </Text>
      {change.isError ? (
        <Text size="sm" c="red.9">
          {failureText(change.error)}
        </Text>
      ) : null}
    </Stack>
  )
}

export function MyAlertsPage({ email }: { email: string }) {
  const subs = useQuery({ queryKey: KEY, queryFn: () => notifications.mySubscriptions() })
  return (
    <SectionCard
      title="My alert e-mails"
      subtitle={`Alerts about new vulnerabilities sent to ${email}. Stopping one is what the unsubscribe link of its e-mails does.`}
      testId="my-alerts"
    >
      {subs.isError ? <Alert color="red">Your alerts could not be loaded: {subs.error.message}</Alert> : null}
      {subs.data?.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="my-alerts-empty">
          No alert e-mail of this account is sent to you. Administrators choose who gets which alerts under
          Notifications.
        </Text>
      ) : null}
      {subs.data?.map((s) => (
        <SubscriptionRow key={s.channelUuid} sub={s} />
      ))}
    </SectionCard>
  )
}
