// Sign-in limits under parallel attack (issue 13 item 13), on each storage mode: attempts are counted
// before the password is checked, a login locks after 20, an address is rate-limited after 100 a minute
// without locking the logins behind it, and X-Forwarded-For counts only from a configured proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'
import {
  ADDRESS_ATTEMPTS_PER_MINUTE,
  addressLimitedMessage,
  LOGIN_ATTEMPTS_PER_MINUTE,
  lockedMessage,
} from './login-limit.repo'

async function login(url: string, email: string, password: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/api/v1/credentials/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  })
  const json = (await res.json()) as { message?: string; accessToken?: string }
  return { status: res.status, message: json.message ?? '', retryAfter: res.headers.get('retry-after') }
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

describe.each(storageModes())('sign-in limits on %s storage', (mode) => {
  let t: TestInstance
  let proxied: TestInstance

  beforeAll(async () => {
    ;[t, proxied] = await Promise.all([
      startTestInstance(mode, {}, { workers: false }),
      startTestInstance(mode, { SEXTANT_TRUSTED_PROXIES: '127.0.0.1' }, { workers: false }),
    ])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([t?.close(), proxied?.close()])
  })

  it('checks at most 20 of 60 parallel guesses at one login, the right password among them', async () => {
    const guesses = Array.from({ length: 60 }, (_, i) =>
      i === 30 ? TEST_ADMIN.password : `wrong-guess-${i}`,
    )
    const answers = await Promise.all(guesses.map((p) => login(t.url, TEST_ADMIN.email, p)))
    const statuses = answers.map((a) => a.status)
    // Each attempt taken before its check; a success gives its attempt back, so at most one more.
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(LOGIN_ATTEMPTS_PER_MINUTE + 1)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(60 - LOGIN_ATTEMPTS_PER_MINUTE - 1)
    const refused = answers.find((a) => a.status === 429)!
    expect(refused.message).toBe(lockedMessage)
    expect(Number(refused.retryAfter)).toBeGreaterThan(14 * 60)
    // The login stays locked for 15 minutes, the right password included.
    expect((await login(t.url, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(429)
    // The lock is the login's, not the address's: another login from the same address is checked.
    expect((await login(t.url, 'someone.else@example.test', 'wrong-password')).status).toBe(401)
  })

  it('answers 429 to most of 200 parallel guesses at one login', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(proxied.url, TEST_ADMIN.email, `wrong-${i}`)),
    )
    const statuses = answers.map((a) => a.status)
    expect(count(statuses, 401)).toBeLessThanOrEqual(LOGIN_ATTEMPTS_PER_MINUTE)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(200 - LOGIN_ATTEMPTS_PER_MINUTE)
  })

  it('rate-limits one address over 100 attempts a minute, whatever X-Forwarded-For it claims', async () => {
    // Without a trusted proxy the header is the client's own claim: every guess counts against 127.0.0.1.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login(t.url, `nobody-${i}@example.test`, 'wrong-password', {
          'x-forwarded-for': `203.0.113.${i % 250}`,
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(count(statuses, 401)).toBeLessThanOrEqual(ADDRESS_ATTEMPTS_PER_MINUTE)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(200 - ADDRESS_ATTEMPTS_PER_MINUTE)
    const limited = answers.find((a) => a.status === 429)!
    expect(limited.message).toBe(addressLimitedMessage)
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60)
  })

  it('counts X-Forwarded-For from a trusted proxy: one client is limited, the next one is not', async () => {
    const flood = await Promise.all(
      Array.from({ length: ADDRESS_ATTEMPTS_PER_MINUTE + 20 }, (_, i) =>
        login(proxied.url, `flood-${i}@example.test`, 'wrong-password', {
          'x-forwarded-for': '198.51.100.7',
        }),
      ),
    )
    expect(
      count(
        flood.map((a) => a.status),
        429,
      ),
    ).toBeGreaterThanOrEqual(20)
    const other = await login(proxied.url, 'someone@example.test', 'wrong-password', {
      'x-forwarded-for': '198.51.100.8',
    })
    expect(other.status).toBe(401)
    const again = await login(proxied.url, 'flood-0@example.test', 'wrong-password', {
      'x-forwarded-for': '198.51.100.7',
    })
    expect(again.status).toBe(429)
    expect(again.message).toBe(addressLimitedMessage)
  })
})
