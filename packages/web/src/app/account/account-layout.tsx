// The frame of the administration screens: signed-in members only, a title and the tabs My account,
// Members, Teams, Tags, Licence policies and My alerts (every member), Configuration, Notifications and
// Jira (Administrators only; Jira with the 'jira' feature), Integrations (with 'datadog' for
// Administrators, with 'rkvst' for every member) and Administration (system administrators); the screen
// below is the route's.
import { Container, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { showsIntegrations } from '../../features/integrations/integrations-page'
import { useRights } from '../../shared/account/use-rights'
import { hasJiraFeature } from '../../shared/jira/jira-api'
import { useSession } from '../../shared/session/use-session'
import { PageLoader } from '../../ui/page-loader'

const TABS = [
  { value: '/account', label: 'My account' },
  { value: '/account/members', label: 'Members' },
  { value: '/account/teams', label: 'Teams' },
  { value: '/account/tags', label: 'Tags' },
  { value: '/account/licence-policies', label: 'Licence policies' },
  { value: '/account/alerts', label: 'My alerts' },
]
const CONFIGURATION_TAB = { value: '/account/configuration', label: 'Configuration' }
const JIRA_TAB = { value: '/account/jira', label: 'Jira' }
const INTEGRATIONS_TAB = { value: '/account/integrations', label: 'Integrations' }
const NOTIFICATIONS_TAB = { value: '/account/notifications', label: 'Notifications' }

function AccountTabs() {
  const { user, account } = useSession()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const may = useRights()
  const tabs = [
    ...TABS,
    ...(may('configuration', 'read') ? [CONFIGURATION_TAB, NOTIFICATIONS_TAB] : []),
    ...(may('configuration', 'read') && hasJiraFeature(account?.features) ? [JIRA_TAB] : []),
    ...(showsIntegrations(account?.features, may) ? [INTEGRATIONS_TAB] : []),
    ...(user?.sysadmin ? [{ value: '/admin', label: 'Administration' }] : []),
  ]
  return (
    <Tabs value={pathname} onChange={(to) => to && navigate(to)} keepMounted={false}>
      <Tabs.List className="account-tab-list">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} data-testid={`account-tab-${tab.label}`}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}

function Heading() {
  const { user, account } = useSession()
  if (!user) return null
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
      <div>
        <Title order={1} size="h2">
          {account?.name ?? user.account.name}
        </Title>
        <Text size="sm" c="dimmed">
          Account administration · signed in as {user.email}
        </Text>
      </div>
    </Group>
  )
}

export function AccountLayout() {
  const { status } = useSession()
  const { pathname } = useLocation()
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  // The account's own sign-in page asks for the second factor when the member has MFA.
  if (status !== 'authenticated')
    return <Navigate to={`/account/sign-in?next=${encodeURIComponent(pathname)}`} replace />
  return (
    // The shell's main column already pads the page; padding again here put the account pages 12-16 px
    // further in than every other page.
    <Container size={1080} p={0}>
      <Stack gap="lg">
        <Heading />
        <AccountTabs />
        <Outlet />
      </Stack>
    </Container>
  )
}
