// The client routes of report-page §2 and DESIGN §6. The server answers index.html for every
// non-API GET, so each of these addresses can be opened directly. Every page but the home and report
// pages loads on demand, so the report page (and the findings table on it, issue 19 acceptance 4) does not
// evaluate the code of the others.
import { createBrowserRouter } from 'react-router-dom'
import { HomePage } from '../features/projects/home-page'
import { NotFoundPage } from '../features/static-pages/not-found-page'
import { accountRoutes } from './account/routes'
import { notificationRoutes } from './notification-routes'
import { ReportPage } from './report/report-page'
import { AppLayout } from './shell/app-layout'

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/projects', element: <ReportPage /> },
        {
          path: '/projects.html',
          lazy: () =>
            import('../features/projects/projects-page').then((m) => ({ Component: m.ProjectsPage })),
        },
        {
          path: '/dashboard',
          lazy: () =>
            import('../features/projects/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
        },
        {
          path: '/login',
          lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: '/terms.html',
          lazy: () => import('../features/static-pages/terms-page').then((m) => ({ Component: m.TermsPage })),
        },
        {
          path: '/gdpr.html',
          lazy: () =>
            import('../features/static-pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
        },
        {
          path: '/faq',
          lazy: () => import('../features/static-pages/faq-page').then((m) => ({ Component: m.FaqPage })),
        },
        {
          path: '/docs',
          lazy: () => import('../features/static-pages/docs-page').then((m) => ({ Component: m.DocsPage })),
        },
        {
          path: '/status',
          lazy: () =>
            import('../features/static-pages/status-page').then((m) => ({ Component: m.StatusPage })),
        },
        {
          path: '/contact',
          lazy: () =>
            import('../features/static-pages/contact-page').then((m) => ({ Component: m.ContactPage })),
        },
        // companion pages load on demand, outside the report page's first bundle
        {
          path: '/vulns',
          lazy: () =>
            import('../features/advisory/advisory-page').then((m) => ({ Component: m.AdvisoryPage })),
        },
        {
          path: '/components/live/:ecosystem/:name/:version',
          lazy: () =>
            import('../features/component-info/component-page').then((m) => ({ Component: m.ComponentPage })),
        },
        {
          path: '/projects/tree',
          lazy: () => import('../features/tree/tree-page').then((m) => ({ Component: m.TreePage })),
        },
        {
          path: '/projects/badges',
          lazy: () => import('../features/badges/badges-page').then((m) => ({ Component: m.BadgesPage })),
        },
        {
          path: '/processing_request.html',
          lazy: () =>
            import('../features/downloads/processing-page').then((m) => ({ Component: m.ProcessingPage })),
        },
        ...accountRoutes,
        ...notificationRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ])
}
