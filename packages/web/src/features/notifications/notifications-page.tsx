// /account/notifications (issue 16 "Screens"; spec accounts-and-api §7 "Notifications"): the account's
// channels with a "Send test" button each, its rules and the delivery history with failures and their
// reasons. The caller (app/) passes the §6 rights: configuration read shows the page, configuration
// edit shows the controls; the server checks every call itself.
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ChannelsCard } from './channels-card'
import { DeliveriesCard } from './deliveries-card'
import { notificationKeys, notifications } from './notifications-api'
import { RulesCard } from './rules-card'

interface Props {
  accountId: string
  mayRead: boolean
  mayEdit: boolean
}

export function NotificationsPage({ accountId, mayRead, mayEdit }: Props) {
  const channels = useQuery({
    queryKey: notificationKeys.channels(accountId),
    queryFn: () => notifications.channels(accountId),
    enabled: mayRead && accountId !== '',
  })
  if (!mayRead)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="notifications-not-allowed">
        Only Administrators see and change the account's notifications. Your own alert e-mails are under My
        alerts.
      </Text>
    )
  const list = channels.data ?? []
  return (
    <Stack gap="lg" data-testid="notifications-page">
      <ChannelsCard accountId={accountId} mayEdit={mayEdit} />
      <RulesCard accountId={accountId} mayEdit={mayEdit} channels={list} />
      <DeliveriesCard accountId={accountId} channels={list} />
    </Stack>
  )
}
