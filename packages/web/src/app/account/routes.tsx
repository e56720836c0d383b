// The account administration routes (issue 7 "Screens"; DESIGN §6 "plus account administration
// screens"): sign-in with a second factor, register, forgotten password and reset, My account, members,
// teams, tags, licence policies, configuration, the Jira integration, the other integrations (issue 17) and the sysadmin panel.
// Each loads on demand, outside the report page's first bundle.
import type { RouteObject } from 'react-router-dom'

export const accountRoutes: RouteObject[] = [
  {
    path: '/account/sign-in',
    lazy: () => import('../../features/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: '/register',
    lazy: () => import('../../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: '/confirm-sign-up',
    lazy: () =>
      import('../../features/auth/confirm-sign-up-page').then((m) => ({ Component: m.ConfirmSignUpPage })),
  },
  {
    path: '/accept-invitation',
    lazy: () =>
      import('../../features/auth/accept-invitation-page').then((m) => ({
        Component: m.AcceptInvitationPage,
      })),
  },
  {
    path: '/forgot-password',
    lazy: () =>
      import('../../features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('../../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    lazy: () => import('./account-layout').then((m) => ({ Component: m.AccountLayout })),
    children: [
      {
        path: '/account',
        lazy: () => import('./my-account-page').then((m) => ({ Component: m.MyAccountPage })),
      },
      {
        path: '/account/members',
        lazy: () => import('../../features/members/members-page').then((m) => ({ Component: m.MembersPage })),
      },
      {
        path: '/account/teams',
        lazy: () => import('../../features/teams/teams-page').then((m) => ({ Component: m.TeamsPage })),
      },
      {
        path: '/account/tags',
        lazy: () => import('../../features/tags/tags-page').then((m) => ({ Component: m.TagsPage })),
      },
      {
        path: '/account/licence-policies',
        lazy: () =>
          import('../../features/licence-policies/licence-policies-page').then((m) => ({
            Component: m.LicencePoliciesPage,
          })),
      },
      {
        path: '/account/configuration',
        lazy: () =>
          import('../../features/configuration/configuration-page').then((m) => ({
            Component: m.ConfigurationPage,
          })),
      },
      {
        path: '/account/jira',
        lazy: () => import('../../features/jira/jira-page').then((m) => ({ Component: m.JiraPage })),
      },
      {
        path: '/account/integrations',
        lazy: () =>
          import('../../features/integrations/integrations-page').then((m) => ({
            Component: m.IntegrationsPage,
          })),
      },
      {
        path: '/admin',
        lazy: () => import('../../features/admin/admin-page').then((m) => ({ Component: m.AdminPage })),
      },
    ],
  },
]
