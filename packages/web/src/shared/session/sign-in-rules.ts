// When a page needs a signed-in user (report-page §2 Routes): mode=eli (non-public view) or
// login=true; otherwise the default anonymous account is used. After signing in the user returns to the
// page they came from (issue 14), never to a page of another site.
export const LOGIN_ERROR_MS = 5_000
export const LOGIN_ERROR_MESSAGE = 'THIS USER IS NOT IN THE SYSTEM'

export function requiresSignIn(search: URLSearchParams): boolean {
  return search.get('mode') === 'eli' || search.get('login') === 'true'
}

/** Where to go after signing in: `next` when it is a path of this site (not '//host'), else `fallback`. */
export function safeNext(next: string | null, fallback: string): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback
}

/** Pages from which signing in should not come back to themselves (they are the sign-in flow). */
const AUTH_PAGES = ['/account/sign-in', '/login', '/register', '/forgot-password', '/reset-password']

/**
 * The sign-in page, remembering the current page: `/account/sign-in?next=<path and query>`. The home page
 * of an anonymous visitor leads on to the dashboard rather than back to the public list.
 */
export function signInHref(location: { pathname: string; search: string }): string {
  if (AUTH_PAGES.some((p) => location.pathname.startsWith(p))) return '/account/sign-in'
  const here = location.pathname === '/' ? '/dashboard' : `${location.pathname}${location.search}`
  return `/account/sign-in?next=${encodeURIComponent(here)}`
}
