// Which e-mails exist must not leak (issue 13 item 14): a sign-in with an unknown e-mail answers like a
// wrong password and takes as long (the same argon2 check against a dummy hash).
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('sign-in answers alike for known and unknown e-mails', () => {
  let t: TestInstance

  beforeAll(async () => {
    t = await startTestInstance('embedded', {}, { workers: false })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  async function timedLogin(email: string, password: string) {
    const t0 = performance.now()
    const res = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    const body = (await res.json()) as { message: string }
    return { ms: performance.now() - t0, status: res.status, message: body.message }
  }

  it('takes as long and answers the same for an unknown e-mail as for a wrong password', async () => {
    const known: number[] = []
    const unknown: number[] = []
    // Warm-up: the dummy hash, the JIT, the connection pool.
    await timedLogin('warm-up@example.test', 'wrong-password')
    // Fewer than the 20 attempts a minute that lock a login; alternated so machine noise hits both alike.
    for (let i = 0; i < 15; i++) {
      const a = await timedLogin(TEST_ADMIN.email, `wrong-password-${i}`)
      const b = await timedLogin(`nobody-${i}@example.test`, `wrong-password-${i}`)
      expect([a.status, b.status]).toEqual([401, 401])
      expect(b.message).toBe(a.message)
      known.push(a.ms)
      unknown.push(b.ms)
    }
    // Before the fix an unknown e-mail answered in about half the time (no password hash was checked).
    const ratio = median(unknown) / median(known)
    expect(
      ratio,
      `unknown ${median(unknown).toFixed(1)} ms / known ${median(known).toFixed(1)} ms`,
    ).toBeGreaterThan(0.8)
    expect(ratio).toBeLessThan(1.25)
  })
})
