// Issue 13 item 6: an account could strip any user's second factor and rename any user. Register an
// account, `POST /accounts/me/members {email: victim}`, then `POST /accounts/me/members/{m}/properties/mfa
// {"reset":true}`: the victim's TOTP, SMS and scratch codes were gone in every account; `POST
// /accounts/me/members/{m} {name}` renamed the user everywhere. An account changes only its membership;
// adding a member is an invitation that grants nothing until the address's owner accepts the mailed link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall, mailedToken } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { adminAuth, startTestInstance, type TestInstance } from '../../testing/instance'
import { memberInNewAccount, sessionFor } from '../admin/test-kit'

describe.each(storageModes())('accounts change memberships, never users, on %s storage', (mode) => {
  let t: TestInstance
  let attacker = ''
  let victimUser = ''
  let victimAccount = ''
  const call = (auth: string | null, method: string, path: string, body?: unknown) =>
    apiCall(t, auth, method, path, body)
  const q = async (sql: string, params: unknown[]) => (await t.sextant.db.query(sql, params)).rows
  const victimState = async () => ({
    user: (await q('SELECT name, email, password_hash FROM users WHERE uuid = $1', [victimUser]))[0],
    mfa: (await q('SELECT totp_enabled, sms_enabled, phone FROM mfa WHERE user_uuid = $1', [victimUser]))[0],
    scratch: (
      await q('SELECT count(*)::int AS n FROM mfa_scratch_codes WHERE user_uuid = $1', [victimUser])
    )[0],
  })

  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
    attacker = (await memberInNewAccount(t.sextant.db, 'mallory@attack.test')).auth
    const victim = await memberInNewAccount(t.sextant.db, 'victim@corp.test')
    victimAccount = victim.accountUuid
    victimUser = (await q('SELECT user_uuid FROM memberships WHERE uuid = $1', [victim.membershipUuid]))[0]!
      .user_uuid as string
    await q("UPDATE users SET name = 'Victoria', password_hash = 'kept' WHERE uuid = $1", [victimUser])
    await q(
      "INSERT INTO mfa (user_uuid, totp_secret_enc, totp_enabled, phone, sms_enabled) VALUES ($1, 'sealed', true, '+440000', true)",
      [victimUser],
    )
    for (const code of ['a', 'b', 'c'])
      await q('INSERT INTO mfa_scratch_codes (user_uuid, code_hash) VALUES ($1, $2)', [victimUser, code])
  }, 60_000)
  afterAll(async () => t?.close())

  it('the filed attack: adding the victim by e-mail, then resetting their MFA and renaming them, changes nothing', async () => {
    const before = await victimState()
    const added = await call(attacker, 'POST', '/api/v1/accounts/me/members', {
      name: 'Victim',
      email: 'victim@corp.test',
    })
    expect(added.status, added.text).toBe(200)
    expect(added.json).toMatchObject({ email: 'victim@corp.test', status: 'invited' })
    const m = String(added.json.uuid)
    for (const target of [m, 'victim@corp.test']) {
      const reset = await call(attacker, 'POST', `/api/v1/accounts/me/members/${target}/properties/mfa`, {
        reset: true,
      })
      expect(reset.status, reset.text).toBe(403)
      const renamed = await call(attacker, 'POST', `/api/v1/accounts/me/members/${target}`, { name: 'Pwned' })
      expect(renamed.status, renamed.text).toBe(403)
    }
    expect(await victimState()).toEqual(before)
    // The invitation is no membership: the victim is in no account of the attacker's.
    expect(await q('SELECT 1 FROM memberships WHERE user_uuid = $1', [victimUser])).toHaveLength(1)
  })

  it('an invitation grants nothing until its mailed link is opened, and the link works once', async () => {
    const admin = (await memberInNewAccount(t.sextant.db, 'olive@owner.test')).auth
    const before = t.mails.length
    const invited = await call(admin, 'POST', '/api/v1/accounts/me/members', {
      name: 'Victim',
      email: 'victim@corp.test',
      role: 'Collaborator',
    })
    expect(invited.status, invited.text).toBe(200)
    const list = await call(admin, 'GET', '/api/v1/accounts/me/members')
    expect(list.json).toContainEqual(
      expect.objectContaining({ email: 'victim@corp.test', status: 'invited' }),
    )
    // Nothing to add to a team, no membership, no account in the victim's list.
    const team = await call(admin, 'GET', '/api/v1/accounts/me/teams')
    const everyone = (team.json as unknown as { uuid: string }[])[0]!.uuid
    const joined = await call(admin, 'POST', `/api/v1/teams/${everyone}/members`, { uuid: invited.json.uuid })
    expect(joined.status).toBe(404)
    const victimSession = await sessionFor(
      t.sextant.db,
      String((await q('SELECT uuid FROM memberships WHERE user_uuid = $1', [victimUser]))[0]!.uuid),
    )
    const accountsBefore = await call(victimSession, 'GET', '/api/v1/accounts')
    expect(accountsBefore.json).toHaveLength(1)

    const token = await mailedToken(t, 'victim@corp.test', 'accept', before)
    const wrong = await call(null, 'POST', '/api/v1/credentials/accept', { token: `${token}x` })
    expect(wrong.status).toBe(400)
    const accepted = await call(null, 'POST', '/api/v1/credentials/accept', { token })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json).toMatchObject({ role: 'Collaborator', newUser: false })
    expect((await call(null, 'POST', '/api/v1/credentials/accept', { token })).status).toBe(400)
    const after = await call(admin, 'GET', '/api/v1/accounts/me/members')
    expect(after.json).toContainEqual(
      expect.objectContaining({ email: 'victim@corp.test', status: 'active', role: 'Collaborator' }),
    )
    // Accepting changed nothing of the user: name, password and second factor are as they were.
    expect((await victimState()).user).toMatchObject({ name: 'Victoria', password_hash: 'kept' })
    expect((await victimState()).mfa).toMatchObject({ totp_enabled: true, sms_enabled: true })

    // Now a real member: still only the role is the account's.
    const member = String(
      (after.json as unknown as { email: string; uuid: string }[]).find(
        (x) => x.email === 'victim@corp.test',
      )!.uuid,
    )
    expect(
      (await call(admin, 'POST', `/api/v1/accounts/me/members/${member}`, { name: 'Pwned' })).status,
    ).toBe(403)
    expect(
      (await call(admin, 'POST', `/api/v1/accounts/me/members/${member}/properties/mfa`, { reset: true }))
        .status,
    ).toBe(403)
    const role = await call(admin, 'POST', `/api/v1/accounts/me/members/${member}`, { role: 'Viewer' })
    expect(role.json).toMatchObject({ role: 'Viewer', name: 'Victoria' })
    expect((await victimState()).mfa).toMatchObject({ totp_enabled: true })
    expect((await victimState()).scratch).toEqual({ n: 3 })
  })

  it('a new address chooses its own password when it accepts; an expired link is refused', async () => {
    const admin = (await memberInNewAccount(t.sextant.db, 'otto@owner.test')).auth
    const before = t.mails.length
    expect(
      (await call(admin, 'POST', '/api/v1/accounts/me/members', { name: 'N', email: 'newhire@corp.test' }))
        .status,
    ).toBe(200)
    expect(await q('SELECT 1 FROM users WHERE email = $1', ['newhire@corp.test'])).toHaveLength(0)
    const token = await mailedToken(t, 'newhire@corp.test', 'accept', before)
    const noPassword = await call(null, 'POST', '/api/v1/credentials/accept', { token })
    expect(noPassword.status).toBe(400)
    expect(noPassword.json.message).toContain('choose a password')
    const accepted = await call(null, 'POST', '/api/v1/credentials/accept', {
      token,
      password: 'newhire-password-1',
    })
    expect(accepted.json).toMatchObject({ newUser: true, role: 'Viewer' })
    const login = await call(null, 'POST', '/api/v1/credentials/login', {
      email: 'newhire@corp.test',
      password: 'newhire-password-1',
    })
    expect(login.status).toBe(200)

    const later = t.mails.length
    await call(admin, 'POST', '/api/v1/accounts/me/members', { name: 'L', email: 'late@corp.test' })
    const stale = await mailedToken(t, 'late@corp.test', 'accept', later)
    await q(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE lower(email) = 'late@corp.test'",
      [],
    )
    expect(
      (await call(null, 'POST', '/api/v1/credentials/accept', { token: stale, password: 'late-password-1' }))
        .status,
    ).toBe(400)
  })

  it('a system administrator may still reset the second factor of a user who lost their device', async () => {
    const sysadmin = (await adminAuth(t.url)).authorization!
    const before = t.mails.length
    await call(sysadmin, 'POST', '/api/v1/accounts/me/members', { name: 'V', email: 'victim@corp.test' })
    await call(null, 'POST', '/api/v1/credentials/accept', {
      token: await mailedToken(t, 'victim@corp.test', 'accept', before),
    })
    const reset = await call(
      sysadmin,
      'POST',
      '/api/v1/accounts/me/members/victim@corp.test/properties/mfa',
      {
        reset: true,
      },
    )
    expect(reset.status, reset.text).toBe(200)
    expect((await victimState()).mfa).toMatchObject({ totp_enabled: false, sms_enabled: false })
    expect(victimAccount).not.toBe('')
  })
})
