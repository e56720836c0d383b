// The web app's page addresses (report-page §2, DESIGN §6; issue 18 "unknown non-page paths answer 404").
// The server answers the single-page app only for these, so a wrong probe or a mistyped API address is a
// 404 instead of the app's HTML with 200; web/src/app/router.test.ts checks the router declares exactly
// these. `:name` matches one path segment.
export const appPages = [
  '/',
  '/projects',
  '/projects.html',
  '/dashboard',
  '/login',
  '/terms.html',
  '/gdpr.html',
  '/faq',
  '/docs',
  '/status',
  '/contact',
  '/vulns',
  '/components/live/:ecosystem/:name/:version',
  '/projects/tree',
  '/projects/badges',
  '/processing_request.html',
  '/account/sign-in',
  '/register',
  '/confirm-sign-up',
  '/accept-invitation',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/account/members',
  '/account/teams',
  '/account/tags',
  '/account/licence-policies',
  '/account/configuration',
  '/account/jira',
  '/account/integrations',
  '/account/notifications',
  '/account/alerts',
  '/admin',
] as const

const patterns = appPages.map((page) => page.split('/').slice(1))

/** Whether `path` (no query) is one of the app's pages; a trailing slash is allowed, as the router allows it. */
export function isAppPage(path: string): boolean {
  const segments = path
    .replace(/(.)\/+$/, '$1')
    .split('/')
    .slice(1)
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  )
}
