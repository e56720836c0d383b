// The client routes of report-page §2 and DESIGN §6. The server answers index.html for every
// non-API GET, so each of these addresses can be opened directly.
import { createBrowserRouter } from 'react-router-dom'
import { LoginPage } from '../features/auth/login-page'
import { DashboardPage } from '../features/projects/dashboard-page'
import { HomePage } from '../features/projects/home-page'
import { ProjectsPage } from '../features/projects/projects-page'
import { ContactPage } from '../features/static-pages/contact-page'
import { DocsPage } from '../features/static-pages/docs-page'
import { FaqPage } from '../features/static-pages/faq-page'
import { NotFoundPage } from '../features/static-pages/not-found-page'
import { PrivacyPage } from '../features/static-pages/privacy-page'
import { StatusPage } from '../features/static-pages/status-page'
import { TermsPage } from '../features/static-pages/terms-page'
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
        { path: '/projects.html', element: <ProjectsPage /> },
        { path: '/dashboard', element: <DashboardPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/terms.html', element: <TermsPage /> },
        { path: '/gdpr.html', element: <PrivacyPage /> },
        { path: '/faq', element: <FaqPage /> },
        { path: '/docs', element: <DocsPage /> },
        { path: '/status', element: <StatusPage /> },
        { path: '/contact', element: <ContactPage /> },
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
