// Revocation and role changes on every API process at once (issue 13 item 15; server http/auth.ts and
// migration 030): two `serve --no-workers` processes on one PostgreSQL; a token logged out on one and a
// role lowered on one are refused by the other on the very next request, with its cache warm.
// Needs a real PostgreSQL: TEST_DATABASE_URL (CI sets it). Without it the test is reported as skipped, by name.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SextantProcess, spawnSextant } from '../testing/process'

const base = process.env.TEST_DATABASE_URL
interface Answer {
  accessToken?: string
  message?: string
  account?: { uuid: string }
  membership?: { role: string }
}

const ADMIN = { email: 'admin@revocation.test', password: 'revocation-password-1' }

describe.skipIf(!base)('revocation across two API processes on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const name = `sextant_revoke_${randomBytes(5).toString('hex')}`
  let url = ''
  let a = ''
  let b = ''
  const procs: SextantProcess[] = []

  async function call(api: string, method: string, path: string, auth: string, body?: unknown) {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: {
        authorization: auth,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, json: (await res.json()) as Answer }
  }

  async function signIn(api: string): Promise<string> {
    const r = await call(api, 'POST', '/api/v1/credentials/login', '', ADMIN)
    expect(r.status).toBe(200)
    return `Bearer ${r.json.accessToken}`
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(base!)
    u.pathname = `/${name}`
    url = u.toString()
    const env = {
      DATABASE_URL: url,
      SEXTANT_ADMIN_EMAIL: ADMIN.email,
      SEXTANT_ADMIN_PASSWORD: ADMIN.password,
    }
    procs.push(
      ...(await Promise.all([
        spawnSextant(['serve', '--no-workers'], env),
        spawnSextant(['serve', '--no-workers'], env),
      ])),
    )
    a = procs[0]!.url!
    b = procs[1]!.url!
  }, 120_000)

  afterAll(async () => {
    for (const p of procs) await p.stop('SIGTERM')
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }, 60_000)

  it('refuses a token logged out on the other process on the next request', async () => {
    const bearer = await signIn(a)
    // Warm process B's cache of this token.
    for (let i = 0; i < 3; i++) expect((await call(b, 'GET', '/api/v1/users/me', bearer)).status).toBe(200)
    expect((await call(a, 'POST', '/api/v1/credentials/logout', bearer)).status).toBe(200)
    const after = await call(b, 'GET', '/api/v1/users/me', bearer)
    expect(after.status).toBe(401)
    expect(after.json.message).toContain('sign in again')
    expect((await call(a, 'GET', '/api/v1/users/me', bearer)).status).toBe(401)
  })

  it('applies a lowered role on the other process on the next request', async () => {
    const admin = await signIn(a)
    const me = await call(a, 'GET', '/api/v1/users/me', admin)
    const account = String(me.json.account?.uuid)
    // A second Administrator with a session of their own, written as the sign-in would write it.
    const token = randomBytes(32).toString('base64url')
    const user = randomUUID()
    const membership = randomUUID()
    const db = new pg.Client({ connectionString: url })
    await db.connect()
    try {
      await db.query('INSERT INTO users (uuid, email, name) VALUES ($1, $2, $3)', [
        user,
        'mo@revocation.test',
        'mo',
      ])
      await db.query(
        "INSERT INTO memberships (uuid, account_uuid, user_uuid, role) VALUES ($1, $2, $3, 'Administrator')",
        [membership, account, user],
      )
      await db.query(
        "INSERT INTO sessions (uuid, token_hash, membership_uuid, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')",
        [randomUUID(), createHash('sha256').update(token).digest('hex'), membership],
      )
    } finally {
      await db.end()
    }
    const mo = `Bearer ${token}`
    for (let i = 0; i < 3; i++) {
      const warm = await call(b, 'GET', '/api/v1/users/me', mo)
      expect(warm.json.membership?.role).toBe('Administrator')
    }
    const lowered = await call(a, 'POST', `/api/v1/accounts/me/members/${membership}`, admin, {
      role: 'Viewer',
    })
    expect(lowered.status).toBe(200)
    expect((await call(b, 'GET', '/api/v1/users/me', mo)).json.membership?.role).toBe('Viewer')
    const write = await call(b, 'POST', '/api/v1/teams', mo, { name: 'Not for viewers' })
    expect(write.status).toBe(403)
  })
})
