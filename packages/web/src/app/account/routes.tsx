// The account administration routes (issue 7 "Screens"; DESIGN §6 "plus account administration
// screens"): sign-in with a second factor, register, forgotten password and reset, My account, members,
// teams, tags, licence policies, configuration, the Jira integration, the other integrations (issue 17) and the sysadmin panel.
import type { RouteObject } from 'react-router-dom'
import { AdminPage } from '../../features/admin/admin-page'
import { AcceptInvitationPage } from '../../features/auth/accept-invitation-page'
import { ConfirmSignUpPage } from '../../features/auth/confirm-sign-up-page'
import { ForgotPasswordPage } from '../../features/auth/forgot-password-page'
import { RegisterPage } from '../../features/auth/register-page'
import { ResetPasswordPage } from '../../features/auth/reset-password-page'
import { SignInPage } from '../../features/auth/sign-in-page'
import { ConfigurationPage } from '../../features/configuration/configuration-page'
import { IntegrationsPage } from '../../features/integrations/integrations-page'
import { JiraPage } from '../../features/jira/jira-page'
import { LicencePoliciesPage } from '../../features/licence-policies/licence-policies-page'
import { MembersPage } from '../../features/members/members-page'
import { TagsPage } from '../../features/tags/tags-page'
import { TeamsPage } from '../../features/teams/teams-page'
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
