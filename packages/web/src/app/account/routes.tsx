// The account administration routes (issue 7 "Screens"; DESIGN §6 "plus account administration
// screens"): sign-in with a second factor, register, forgotten password and reset, My account, members,
// teams, tags, licence policies, configuration, the Jira integration, the other integrations (issue 17) and the sysadmin panel.
import type { RouteObject } from 'react-router-dom'
import { AcceptInvitationPage } from '../../features/account/accept-invitation-page'
import { ConfigurationPage } from '../../features/account/configuration-page'
import { ConfirmSignUpPage } from '../../features/account/confirm-sign-up-page'
import { ForgotPasswordPage } from '../../features/account/forgot-password-page'
import { JiraPage } from '../../features/account/jira-page'
import { MembersPage } from '../../features/account/members-page'
import { RegisterPage } from '../../features/account/register-page'
import { ResetPasswordPage } from '../../features/account/reset-password-page'
import { SignInPage } from '../../features/account/sign-in-page'
import { TagsPage } from '../../features/account/tags-page'
import { TeamsPage } from '../../features/account/teams-page'
import { AdminPage } from '../../features/admin/admin-page'
import { IntegrationsPage } from '../../features/integrations/integrations-page'
import { LicencePoliciesPage } from '../../features/licence-policies/licence-policies-page'
import { AccountLayout } from './account-layout'
import { MyAccountPage } from './my-account-page'

export const accountRoutes: RouteObject[] = [
  { path: '/account/sign-in', element: <SignInPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/confirm-sign-up', element: <ConfirmSignUpPage /> },
  { path: '/accept-invitation', element: <AcceptInvitationPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <AccountLayout />,
    children: [
      { path: '/account', element: <MyAccountPage /> },
      { path: '/account/members', element: <MembersPage /> },
      { path: '/account/teams', element: <TeamsPage /> },
      { path: '/account/tags', element: <TagsPage /> },
      { path: '/account/licence-policies', element: <LicencePoliciesPage /> },
      { path: '/account/configuration', element: <ConfigurationPage /> },
      { path: '/account/jira', element: <JiraPage /> },
      { path: '/account/integrations', element: <IntegrationsPage /> },
      { path: '/admin', element: <AdminPage /> },
    ],
  },
]
