// isAppPage: the server's test of "is this a page of the web app" (issue 18, unknown paths answer 404).
import { describe, expect, it } from 'vitest'
import { isAppPage } from './pages'

describe('isAppPage', () => {
  it.each([
    '/',
    '/projects',
    '/projects/',
    '/dashboard',
    '/account/members',
    '/components/live/npm/express/4.18.2',
    '/processing_request.html',
  ])('%s is a page', (path) => expect(isAppPage(path)).toBe(true))

  it.each([
    '/metrics',
    '/healthz',
    '/readyz',
    '/livez',
    '/api',
    '/projects/unknown',
    '/components/live/npm/express',
    '/components/live/npm//4.18.2',
    '/account/members/extra',
    '/wp-login.php',
  ])('%s is not a page', (path) => expect(isAppPage(path)).toBe(false))
})
