// The delivery log (issue 16 acceptance 4: "shows the failure with its reason in the delivery log"):
// newest first, each alert or test with its channel, status, attempts and the reason of the last
// failure; "Failures only" narrows it to failed deliveries. Refreshes while something is still pending.
import { Alert, Badge, Group, SegmentedControl, Text } from '@mantine/core'
import type { NotificationChannel } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatUtc } from '../../lib/format'
import { SectionCard } from '../../ui/section-card'
import { SimpleTable } from '../../ui/simple-table'
import { notificationKeys, notifications } from './notifications-api'
import { deliveryStatusLabels, failureReason, kindLabels } from './notifications-model'

const WAITING = new Set(['pending', 'sending'])

export function DeliveriesCard({
  accountId,
  channels,
}: {
  accountId: string
  channels: readonly NotificationChannel[]
}) {
  const [only, setOnly] = useState<'all' | 'failed'>('all')
  const deliveries = useQuery({
    queryKey: [...notificationKeys.deliveries(accountId), only],
    queryFn: () =>
      notifications.deliveries(
        accountId,
        only === 'failed' ? { status: 'failed', limit: 100 } : { limit: 100 },
      ),
    refetchInterval: (q) => (q.state.data?.some((d) => WAITING.has(d.status)) ? 5000 : false),
  })
  const channelName = (uuid: string | null, kind: keyof typeof kindLabels | null) => {
    const c = channels.find((x) => x.uuid === uuid)
    return c ? c.name : kind ? `${kindLabels[kind]} (no longer configured)` : '—'
  }
  const rows = (deliveries.data ?? []).map((d) => {
    const status = deliveryStatusLabels[d.status]
    const reason = d.status === 'sent' || d.status === 'digested' ? null : failureReason(d)
    return {
      key: d.uuid,
      cells: [
        formatUtc(d.sentAt ?? d.createdAt),
        channelName(d.channelUuid, d.channelKind),
        d.ruleUuid ? `${d.items} ${d.items === 1 ? 'item' : 'items'}` : 'Test',
        <Badge key="s" color={status.color} variant="light">
          {status.label}
        </Badge>,
        String(d.attempts),
        reason ? (
          <Text
            key="r"
            size="sm"
            c={d.status === 'failed' ? 'red.9' : 'dimmed'}
            data-testid="delivery-reason"
          >
            {reason}
          </Text>
        ) : (
          '—'
        ),
      ],
    }
  })
  return (
    <SectionCard
      title="Delivery history"
      subtitle="Every alert sent or tried, newest first, with the reason of a failure."
      aside={
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'all', label: 'All' },
              { value: 'failed', label: 'Failures only' },
            ]}
            value={only}
            onChange={(v) => setOnly(v as 'all' | 'failed')}
            data-testid="deliveries-filter"
          />
        </Group>
      }
      testId="deliveries-card"
    >
      {deliveries.isError ? (
        <Alert color="red">The delivery log could not be loaded: {deliveries.error.message}</Alert>
      ) : null}
      {deliveries.data?.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="deliveries-empty">
          {only === 'failed' ? 'No failed delivery.' : 'Nothing sent yet.'}
        </Text>
      ) : deliveries.data ? (
        <SimpleTable
          header={['When', 'Channel', 'What', 'Status', 'Attempts', 'Reason']}
          rows={rows}
          testId="deliveries-table"
        />
      ) : null}
    </SectionCard>
  )
}
