// The notifications screens inside the account administration frame (issue 16 "Screens"). The app wires
// them: the session and the §6 rights come from the auth and account features, and features/notifications
// takes them as props, so no feature imports another.
import type { RouteObject } from 'react-router-dom'
import { AccountLayout } from '../features/account/account-layout'
import { useRights } from '../features/account/use-rights'
import { useSession } from '../features/auth/use-session'
import { NotificationsPage } from '../features/notifications/notifications-page'

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

export const notificationRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [{ path: '/account/notifications', element: <AccountNotifications /> }],
  },
]
