// The account's notification channels (issue 16 "Channels"; spec accounts-and-api §7): kind, name,
// where it sends (never a secret: only whether one is set), a "Send test" button per channel with its
// result, and, for the roles §6 lets change configuration, add, change and delete.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core'
import type { NotificationChannel } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { ChannelDialog } from './channel-dialog'
import { failureText, notificationKeys, notifications } from './notifications-api'
import { channelTarget, kindLabels } from './notifications-model'
import { RowActions } from './row-actions'

type TestResult = { ok: boolean; message: string }

function TestButton({ accountId, channel }: { accountId: string; channel: NotificationChannel }) {
  const queryClient = useQueryClient()
  const [result, setResult] = useState<TestResult | null>(null)
  const test = useMutation({
    mutationFn: () => notifications.testChannel(accountId, channel.uuid),
    onMutate: () => setResult(null),
    onSuccess: (r) => {
      const failure = r.failed[0]
      setResult(
        failure ? { ok: false, message: failure.reason } : { ok: true, message: 'Test message sent.' },
      )
      void queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries(accountId) })
    },
    onError: (error) => setResult({ ok: false, message: failureText(error) }),
  })
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        loading={test.isPending}
        onClick={() => test.mutate()}
        data-testid="channel-test"
      >
        Send test
      </Button>
      {result ? (
        <Text size="xs" c={result.ok ? 'green.9' : 'red.9'} data-testid="channel-test-result">
          {result.message}
        </Text>
      ) : null}
    </Stack>
  )
}

export function ChannelsCard({ accountId, mayEdit }: { accountId: string; mayEdit: boolean }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<NotificationChannel | 'new' | null>(null)
  const channels = useQuery({
    queryKey: notificationKeys.channels(accountId),
    queryFn: () => notifications.channels(accountId),
  })
  const remove = useMutation({
    mutationFn: (c: NotificationChannel) => notifications.deleteChannel(accountId, c.uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(accountId) }),
  })
  const rows = (channels.data ?? []).map((c) => ({
    key: c.uuid,
    cells: [
      <Badge key="k" variant="light">
        {kindLabels[c.kind]}
      </Badge>,
      c.name,
      <Text key="t" size="sm" style={{ wordBreak: 'break-all' }}>
        {channelTarget(c) || '—'}
      </Text>,
      c.kind === 'email' ? 'none needed' : c.secretSet ? 'set' : 'not set',
      ...(mayEdit
        ? [
            <Group key="a" gap="xs" align="flex-start" wrap="nowrap">
              <TestButton accountId={accountId} channel={c} />
              <RowActions
                what="channel"
                confirm={`Delete the channel ${c.name} and the rules sending through it?`}
                onChange={() => setEditing(c)}
                onDelete={() => remove.mutate(c)}
                deleting={remove.isPending && remove.variables?.uuid === c.uuid}
              />
            </Group>,
          ]
        : []),
    ],
  }))
  return (
    <SectionCard
      title="Channels"
      subtitle="Where alerts go: e-mail, Slack or a signed webhook. Secrets are stored sealed and never shown again."
      aside={
        mayEdit ? (
          <Button size="sm" onClick={() => setEditing('new')} data-testid="channel-add">
            Add channel
          </Button>
        ) : null
      }
      testId="channels-card"
    >
      {channels.isError ? (
        <Alert color="red">Channels could not be loaded: {channels.error.message}</Alert>
      ) : null}
      {remove.isError ? <Alert color="red">{failureText(remove.error)}</Alert> : null}
      {channels.data?.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="channels-empty">
          No channel yet{mayEdit ? ': add one, then a rule sending through it.' : '.'}
        </Text>
      ) : channels.data ? (
        <SimpleTable
          header={['Kind', 'Name', 'Sends to', 'Secret', ...(mayEdit ? [''] : [])]}
          rows={rows}
          testId="channels-table"
        />
      ) : null}
      {editing ? (
        <ChannelDialog
          accountId={accountId}
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </SectionCard>
  )
}
