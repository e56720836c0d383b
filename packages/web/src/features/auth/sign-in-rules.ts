// When a page needs a signed-in user (report-page §2 Routes): mode=eli (non-public view) or
// login=true; otherwise the default anonymous account is used.
export const LOGIN_ERROR_MS = 5_000
export const LOGIN_ERROR_MESSAGE = 'THIS USER IS NOT IN THE SYSTEM'

export function requiresSignIn(search: URLSearchParams): boolean {
  return search.get('mode') === 'eli' || search.get('login') === 'true'
}

/** Where to go after signing in: `next` when it is a path of this site (not '//host'), else `fallback`. */
export function safeNext(next: string | null, fallback: string): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback
}
