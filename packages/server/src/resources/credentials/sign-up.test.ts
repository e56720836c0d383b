// Issue 13 item 7, pre-registration takeover: with no e-mail verification, an attacker registered
// newhire@corp before the victim account invited that address; once invited, the attacker was a member.
// A sign-up now creates nothing until the link mailed to the address is opened, joining an account needs
// the invitation's mailed link, and SEXTANT_REGISTRATION (closed by default) says who may sign up at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall, mailedToken, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { adminAuth, startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'

const call = apiCall
const count = async (t: TestInstance, sql: string, params: unknown[] = []) =>
  (await t.sextant.db.query(sql, params)).rowCount ?? 0

describe.each(storageModes())('sign-up proves the address, on %s storage', (mode) => {
  describe('SEXTANT_REGISTRATION=open', () => {
    let t: TestInstance
    beforeAll(async () => {
      t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' }, { workers: false })
    }, 60_000)
    afterAll(async () => t?.close())

    it('the filed attack: registering newhire@corp before its invitation gives the attacker nothing', async () => {
      const victim = (await adminAuth(t.url)).authorization!
      const squat = await call(t, null, 'POST', '/api/v1/credentials/register', {
        email: 'newhire@corp.test',
        password: 'attacker-password-1',
      })
      expect(squat.status, squat.text).toBe(200)
      expect(squat.json).not.toHaveProperty('accessToken')
      expect(await count(t, "SELECT 1 FROM users WHERE lower(email) = 'newhire@corp.test'")).toBe(0)
      const attackerLogin = { email: 'newhire@corp.test', password: 'attacker-password-1' }
      expect((await call(t, null, 'POST', '/api/v1/credentials/login', attackerLogin)).status).toBe(401)

      // The victim account invites the address; only its owner reads the link.
      const before = t.mails.length
      const invited = await call(t, victim, 'POST', '/api/v1/accounts/me/members', {
        name: 'New Hire',
        email: 'newhire@corp.test',
      })
      expect(invited.status, invited.text).toBe(200)
      const token = await mailedToken(t, 'newhire@corp.test', 'accept', before)
      const accepted = await call(t, null, 'POST', '/api/v1/credentials/accept', {
        token,
        password: 'owner-password-1',
      })
      expect(accepted.status, accepted.text).toBe(200)
      expect((await call(t, null, 'POST', '/api/v1/credentials/login', attackerLogin)).status).toBe(401)
      const owner = await call(t, null, 'POST', '/api/v1/credentials/login', {
        email: 'newhire@corp.test',
        password: 'owner-password-1',
      })
      expect(owner.status).toBe(200)
      // The attacker's pending sign-up link, if they had it, cannot make a second user of the address.
      const squatToken = await mailedToken(t, 'newhire@corp.test', 'confirm')
      expect((await call(t, null, 'POST', '/api/v1/credentials/confirm', { token: squatToken })).status).toBe(
        409,
      )
    })

    it('completes a sign-up only through the mailed link, once', async () => {
      const before = t.mails.length
      const session = await signUp(t, { email: 'rita@example.test', password: 'rita-password-1' })
      expect(session.user.membership.role).toBe('Administrator')
      const token = await mailedToken(t, 'rita@example.test', 'confirm', before)
      expect((await call(t, null, 'POST', '/api/v1/credentials/confirm', { token })).status).toBe(400)
      const me = await call(t, `Bearer ${session.accessToken}`, 'GET', '/api/v1/users/me')
      expect(me.json).toMatchObject({ email: 'rita@example.test', name: 'rita' })
    })

    it('answers a known address like a new one and mails its owner instead (issue 13 item 14)', async () => {
      const before = t.mails.length
      const known = await call(t, null, 'POST', '/api/v1/credentials/register', {
        email: TEST_ADMIN.email.toUpperCase(),
        password: 'another-password-1',
      })
      const fresh = await call(t, null, 'POST', '/api/v1/credentials/register', {
        email: 'fresh@example.test',
        password: 'another-password-1',
      })
      expect(known.status).toBe(200)
      expect(known.json).toEqual(fresh.json)
      await expect
        .poll(() => t.mails.slice(before).find((m) => m.to === TEST_ADMIN.email)?.subject)
        .toBe('Sextant: someone tried to sign up with your address')
      expect(
        await count(t, 'SELECT 1 FROM registrations WHERE lower(email) = lower($1)', [TEST_ADMIN.email]),
      ).toBe(0)
    })
  })

  describe('SEXTANT_REGISTRATION unset (closed) and invite', () => {
    let closed: TestInstance
    let invite: TestInstance
    beforeAll(async () => {
      closed = await startTestInstance(mode, {}, { workers: false })
      invite = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'invite' }, { workers: false })
    }, 90_000)
    afterAll(async () => {
      await closed?.close()
      await invite?.close()
    })

    it('closed: nobody signs up; the first administrator signs in and invited members join', async () => {
      const r = await call(closed, null, 'POST', '/api/v1/credentials/register', {
        email: 'anyone@example.test',
        password: 'anyone-password-1',
      })
      expect(r.status).toBe(403)
      expect(r.json.message).toContain('SEXTANT_REGISTRATION=closed')
      expect(closed.mails).toHaveLength(0)
      const admin = (await adminAuth(closed.url)).authorization!
      const before = closed.mails.length
      await call(closed, admin, 'POST', '/api/v1/accounts/me/members', {
        name: 'A',
        email: 'anyone@example.test',
      })
      const token = await mailedToken(closed, 'anyone@example.test', 'accept', before)
      const accepted = await call(closed, null, 'POST', '/api/v1/credentials/accept', {
        token,
        password: 'anyone-password-1',
      })
      expect(accepted.status, accepted.text).toBe(200)
    })

    it('invite: a sign-up only mails an invited address its invitation again, and answers alike', async () => {
      const uninvited = await call(invite, null, 'POST', '/api/v1/credentials/register', {
        email: 'stranger@example.test',
        password: 'stranger-password-1',
      })
      expect(uninvited.status).toBe(200)
      const admin = (await adminAuth(invite.url)).authorization!
      await call(invite, admin, 'POST', '/api/v1/accounts/me/members', {
        name: 'I',
        email: 'invitee@example.test',
      })
      const first = await mailedToken(invite, 'invitee@example.test', 'accept')
      const before = invite.mails.length
      const invited = await call(invite, null, 'POST', '/api/v1/credentials/register', {
        email: 'invitee@example.test',
        password: 'invitee-password-1',
      })
      expect(invited.json).toEqual(uninvited.json)
      const again = await mailedToken(invite, 'invitee@example.test', 'accept', before)
      expect(again).not.toBe(first)
      expect(invite.mails.filter((m) => m.to === 'stranger@example.test')).toHaveLength(0)
      expect(await count(invite, 'SELECT 1 FROM users')).toBe(1)
      const accepted = await call(invite, null, 'POST', '/api/v1/credentials/accept', {
        token: again,
        password: 'invitee-password-1',
      })
      expect(accepted.status, accepted.text).toBe(200)
    })
  })
})
