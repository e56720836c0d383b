// The notifications screens inside the account administration frame (issue 16 "Screens"): the account's
// channels, rules and deliveries, and the member's own alert e-mails. The app wires them: the session and
// the §6 rights come from shared/, and features/notifications takes them as props.
import type { RouteObject } from 'react-router-dom'
import { MyAlertsPage } from '../features/notifications/my-alerts-page'
import { NotificationsPage } from '../features/notifications/notifications-page'
import { useRights } from '../shared/account/use-rights'
import { useSession } from '../shared/session/use-session'
import { AccountLayout } from './account/account-layout'

function AccountNotifications() {
  const { account } = useSession()
  const may = useRights()
  return (
    <NotificationsPage
      accountId={account?.uuid ?? ''}
      mayRead={may('configuration', 'read')}
      mayEdit={may('configuration', 'edit')}
    />
  )
}

function MyAlerts() {
  const { user } = useSession()
  return <MyAlertsPage email={user?.email ?? ''} />
}

export const notificationRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      { path: '/account/notifications', element: <AccountNotifications /> },
      { path: '/account/alerts', element: <MyAlerts /> },
    ],
  },
]
