// The notifications screens inside the account administration frame (issue 16 "Screens"). The app wires
// them: the session and the §6 rights come from the auth and account features, and features/notifications
// takes them as props, so no feature imports another.
import type { RouteObject } from 'react-router-dom'
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

export const notificationRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [{ path: '/account/notifications', element: <AccountNotifications /> }],
  },
]
