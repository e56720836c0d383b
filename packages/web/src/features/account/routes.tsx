// The account administration routes (issue 7 "Screens"; DESIGN §6 "plus account administration
// screens"): sign-in with a second factor, register, forgotten password and reset, My account, members,
// teams, tags, licence policies, configuration, the Jira integration, the other integrations (issue 17) and the sysadmin panel.
import type { RouteObject } from 'react-router-dom'
import { AdminPage } from '../admin/admin-page'
import { IntegrationsPage } from '../integrations/integrations-page'
import { LicencePoliciesPage } from '../licence-policies/licence-policies-page'
import { AcceptInvitationPage } from './accept-invitation-page'
import { AccountLayout } from './account-layout'
import { ConfigurationPage } from './configuration-page'
import { ConfirmSignUpPage } from './confirm-sign-up-page'
import { ForgotPasswordPage } from './forgot-password-page'
import { JiraPage } from './jira-page'
import { MembersPage } from './members-page'
import { MyAccountPage } from './my-account-page'
import { RegisterPage } from './register-page'
import { ResetPasswordPage } from './reset-password-page'
import { SignInPage } from './sign-in-page'
import { TagsPage } from './tags-page'
import { TeamsPage } from './teams-page'

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
