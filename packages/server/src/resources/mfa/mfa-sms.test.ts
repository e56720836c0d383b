// SMS as a second factor at sign-in (accounts-and-api §7 MFA: POST /api/v1/mfa/authenticate/sms,
// POST /api/v1/mfa/validate/sms) on both storages: set up with a phone, then the login names the factors,
// the limited token may ask for a code (sent to the phone set up, never to one given then), the code
// completes the sign-in once; a member without SMS cannot have one sent at sign-in.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance } from '../../testing/instance'

describe.each(storageModes())('SMS second factor at sign-in on %s storage', (mode) => {
  let t: TestInstance
  const outbox = join(mkdtempSync(join(tmpdir(), 'sx-sms-')), 'outbox.jsonl')
  const lastCode = () => {
    const lines = readFileSync(outbox, 'utf8').trim().split('\n')
    const last = JSON.parse(lines.at(-1)!) as { phone: string; text: string }
    return { phone: last.phone, code: /code is (\d+)/.exec(last.text)![1]!, count: lines.length }
  }
  const post = async (path: string, token: string | null, body: unknown = {}) => {
    const r = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return { status: r.status, json: (await r.json()) as Record<string, unknown> & { message?: string } }
  }
  const login = async (email: string, password: string) =>
    (await post('/api/v1/credentials/login', null, { email, password })).json as {
      accessToken: string
      mfaRequired?: boolean
      mfaMethods?: string[]
    }

  beforeAll(async () => {
    // The SMS sender is chosen from the instance's configuration (not the process environment).
    t = await startTestInstance(
      mode,
      { SEXTANT_REGISTRATION: 'open', SEXTANT_SMS_OUTBOX: outbox },
      { workers: false },
    )
    for (const email of ['sid@sms.test', 'tom@sms.test'])
      await signUp(t, { email, password: 'sms-password-1' })
    const setup = (
      await post('/api/v1/credentials/login', null, {
        email: 'sid@sms.test',
        password: 'sms-password-1',
      })
    ).json.accessToken as string
    expect((await post('/api/v1/mfa/authenticate/sms', setup, { phone: '+44 20 7946 0001' })).status).toBe(
      200,
    )
    const ok = await post(`/api/v1/mfa/validate/sms?isSetup=true`, setup, { totp: lastCode().code })
    expect(ok.status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('names SMS in the login answer and completes the sign-in with a code sent to the phone set up', async () => {
    const pending = await login('sid@sms.test', 'sms-password-1')
    expect(pending).toMatchObject({ mfaRequired: true, mfaMethods: ['sms'] })
    // The limited token reaches nothing else...
    expect(
      (
        await fetch(`${t.url}/api/v1/users/me`, {
          headers: { authorization: `Bearer ${pending.accessToken}` },
        })
      ).status,
    ).toBe(401)
    // ...but may ask for a code; a phone given now is ignored.
    const sent = await post('/api/v1/mfa/authenticate/sms', pending.accessToken, { phone: '+1 555 0100 999' })
    expect(sent.status).toBe(200)
    const { phone, code } = lastCode()
    expect(phone).toBe('+44 20 7946 0001')
    expect((await post('/api/v1/mfa/validate/sms', pending.accessToken, { totp: '000000' })).status).toBe(400)
    const done = await post('/api/v1/mfa/validate/sms', pending.accessToken, { totp: code })
    expect(done.status).toBe(200)
    const me = await fetch(`${t.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${pending.accessToken}` },
    })
    expect(me.status).toBe(200)
    // Used once.
    const again = await login('sid@sms.test', 'sms-password-1')
    expect((await post('/api/v1/mfa/validate/sms', again.accessToken, { totp: code })).status).toBe(400)
  })

  it('refuses to send a code at sign-in to a member without the SMS factor', async () => {
    const tom = await login('tom@sms.test', 'sms-password-1')
    expect(tom.mfaRequired).toBeUndefined()
    const before = lastCode().count
    // A session that is not waiting for a second factor sets SMS up instead: it needs a phone.
    const noPhone = await post('/api/v1/mfa/authenticate/sms', tom.accessToken, {})
    expect(noPhone.status).toBe(400)
    expect(noPhone.json.message).toContain('No phone number is set up')
    // With the app as his only factor, the sign-in names it and no SMS goes out.
    const init = await post('/api/v1/mfa/app/initialize', tom.accessToken)
    const totp = new TOTP({
      secret: Secret.fromBase32(String(init.json.secret)),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    })
    expect(
      (await post('/api/v1/mfa/validate/app?isSetup=true', tom.accessToken, { totp: totp.generate() }))
        .status,
    ).toBe(200)
    const pending = await login('tom@sms.test', 'sms-password-1')
    expect(pending).toMatchObject({ mfaRequired: true, mfaMethods: ['app'] })
    const refused = await post('/api/v1/mfa/authenticate/sms', pending.accessToken, {})
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe(
      'SMS is not a second factor of this user: use the authenticator app or a scratch code.',
    )
    expect(lastCode().count).toBe(before)
  })
})
