// Issue 7 flows end to end on each storage mode: sign-up, sign-in, refresh, logout, forgotten password
// through a real local SMTP server, the 20-failures lock, TOTP set-up and sign-in with TOTP and with a
// scratch code (once), API tokens, members, teams, properties, configuration, plans; then the secrets scan.
import { type AddressInfo, createServer } from 'node:net'
import { Secret, TOTP } from 'otpauth'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'
import { type Answer, type Secret as Kept, leaks, RecordingApi } from '../admin/test-kit'

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise((r) => s.close(r))
  return port
}

describe.each(storageModes())('credentials, MFA and administration on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let smtp: SMTPServer
  const mails: string[] = []
  const secrets: Kept[] = []
  const keep = (value: string, createdBy: Answer | null = null) => secrets.push({ value, createdBy })
  const last = () => api.answers[api.answers.length - 1]!
  let admin = ''
  let account = ''

  beforeAll(async () => {
    const port = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, done) {
        let text = ''
        stream.on('data', (c: Buffer) => {
          text += c.toString('utf8')
        })
        stream.on('end', () => {
          mails.push(text)
          done()
        })
      },
    })
    await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r))
    t = await startTestInstance(
      mode,
      { SEXTANT_REGISTRATION: 'open', SEXTANT_SMTP_URL: `smtp://127.0.0.1:${port}` },
      { workers: false },
    )
    api = new RecordingApi(t.url)
    const r = await signUp('carol.admin@example.test', 'carol-password-1')
    keep('carol-password-1')
    keep(String(r.json.accessToken), last())
    admin = `Bearer ${r.json.accessToken}`
    account = String(r.json.user?.account?.uuid)
  })
  /** The token of the newest mail to `to` naming POST /api/v1/credentials/<route> (SMTP soft breaks undone). */
  async function mailedToken(to: string, route: string, after: number): Promise<string> {
    const pattern = new RegExp(`credentials/${route}: (\\S+)`)
    let found: string | undefined
    for (const deadline = Date.now() + 5000; !found && Date.now() < deadline; ) {
      const mail = mails
        .slice(after)
        .map((m) => m.replace(/=\r?\n/g, ''))
        .filter((m) => m.includes(`To: ${to}`) && pattern.test(m))
        .at(-1)
      found = mail ? pattern.exec(mail)![1] : undefined
      if (!found) await new Promise((r) => setTimeout(r, 20))
    }
    if (!found) throw new Error(`no ${route} mail to ${to}`)
    keep(found!)
    return found!
  }
  /** A sign-up completed with the token of its e-mail (issue 13 item 7); answers the session. */
  async function signUp(email: string, password: string) {
    const before = mails.length
    const asked = await api.call('POST', '/api/v1/credentials/register', { body: { email, password } })
    expect(asked.status, asked.text).toBe(200)
    return api.call('POST', '/api/v1/credentials/confirm', {
      body: { token: await mailedToken(email, 'confirm', before) },
    })
  }

  afterAll(async () => {
    await t?.close()
    await new Promise((r) => smtp.close(() => r(null)))
  })

  it('registers with the name taken from the e-mail and signs in, refreshes and logs out', async () => {
    const me = await api.call('GET', '/api/v1/users/me', { auth: admin })
    expect(me.json).toMatchObject({ name: 'carol.admin', membership: { role: 'Administrator' } })
    const login = await api.call('POST', '/api/v1/credentials/login', {
      body: { email: 'carol.admin@example.test', password: 'carol-password-1' },
    })
    expect(login.status).toBe(200)
    keep(String(login.json.accessToken), last())
    const bearer = `Bearer ${login.json.accessToken}`
    const refreshed = await api.call('POST', '/api/v1/credentials/refresh', { auth: bearer })
    expect(refreshed.status).toBe(200)
    expect(Date.parse(String(refreshed.json.expiresAt))).toBeGreaterThan(Date.now())
    expect((await api.call('POST', '/api/v1/credentials/logout', { auth: bearer })).status).toBe(200)
    const after = await api.call('GET', '/api/v1/users/me', { auth: bearer })
    expect(after.status).toBe(401)
    const bad = await api.call('POST', '/api/v1/credentials/register', {
      body: { email: 'nope', password: 'x' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain('Email address invalid or missing')
  })

  it('sends a reset token by e-mail that sets a new password once', async () => {
    const before = mails.length
    const r = await api.call('POST', '/api/v1/credentials/forget?email=carol.admin@example.test')
    expect(r.status).toBe(200)
    await expect.poll(() => mails.length, { timeout: 5000 }).toBe(before + 1)
    const token = /reset token to POST \/api\/v1\/credentials\/reset: (\S+)/.exec(
      mails.at(-1)!.replace(/=\r?\n/g, ''),
    )?.[1]
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    keep(token!)
    const unknown = await api.call('POST', '/api/v1/credentials/forget?email=nobody@example.test')
    expect(unknown.json).toEqual(r.json)
    const reset = await api.call('POST', '/api/v1/credentials/reset', {
      body: { token, password: 'carol-password-2' },
    })
    expect(reset.status).toBe(200)
    keep('carol-password-2')
    const again = await api.call('POST', '/api/v1/credentials/reset', {
      body: { token, password: 'carol-password-3' },
    })
    expect(again.status).toBe(400)
    const login = await api.call('POST', '/api/v1/credentials/login', {
      body: { email: 'carol.admin@example.test', password: 'carol-password-2' },
    })
    expect(login.status).toBe(200)
    keep(String(login.json.accessToken), last())
    admin = `Bearer ${login.json.accessToken}`
  })

  it('enables TOTP, then signs in with a TOTP code and with a scratch code only once', async () => {
    const init = await api.call('POST', '/api/v1/mfa/app/initialize', { auth: admin })
    expect(init.status).toBe(200)
    expect(String(init.json.qrCode)).toMatch(/^data:image\/png;base64,/)
    const seed = String(init.json.secret)
    keep(seed, last())
    const totp = new TOTP({ secret: Secret.fromBase32(seed), digits: 6, period: 30, algorithm: 'SHA1' })
    const setup = await api.call('POST', '/api/v1/mfa/validate/app?isSetup=true', {
      auth: admin,
      body: { totp: totp.generate() },
    })
    expect(setup.status).toBe(200)
    expect(setup.json.status).toMatchObject({ app: true })
    const created = await api.call('POST', '/api/v1/mfa/scratch-codes', { auth: admin })
    const codes = created.json.codes as unknown as string[]
    expect(codes).toHaveLength(10)
    for (const c of codes) keep(c, last())
    const listed = await api.call('GET', '/api/v1/mfa/scratch-codes', { auth: admin })
    expect(listed.json.codes?.[0]).toMatchObject({ used: false })

    const signIn = async () => {
      const r = await api.call('POST', '/api/v1/credentials/login', {
        body: { email: 'carol.admin@example.test', password: 'carol-password-2' },
      })
      keep(String(r.json.accessToken), last())
      expect(r.json.mfaRequired).toBe(true)
      return `Bearer ${r.json.accessToken}`
    }
    const pending = await signIn()
    const blocked = await api.call('GET', '/api/v1/users/me', { auth: pending })
    expect(blocked.status).toBe(401)
    expect(blocked.json.message).toContain('MFA required')
    // The set-up code's time step is spent; the next step's code is accepted (window of one step).
    const next = totp.generate({ timestamp: Date.now() + 30_000 })
    expect(
      (await api.call('POST', '/api/v1/mfa/validate/app', { auth: pending, body: { totp: next } })).status,
    ).toBe(200)
    expect((await api.call('GET', '/api/v1/users/me', { auth: pending })).status).toBe(200)

    const second = await signIn()
    const replay = await api.call('POST', '/api/v1/mfa/validate/app', { auth: second, body: { totp: next } })
    expect(replay.status).toBe(400)
    expect(
      (await api.call('POST', '/api/v1/mfa/validate/scratch', { auth: second, body: { totp: codes[0] } }))
        .status,
    ).toBe(200)
    const third = await signIn()
    const reused = await api.call('POST', '/api/v1/mfa/validate/scratch', {
      auth: third,
      body: { totp: codes[0] },
    })
    expect(reused.status).toBe(400)
    const status = await api.call('GET', '/api/v1/mfa/app/status', { auth: second })
    expect(status.json).toMatchObject({ app: true, scratchCodes: 9 })
    expect((await api.call('POST', '/api/v1/mfa/app/deactivate', { auth: second })).json).toMatchObject({
      app: false,
    })
    admin = second
  })

  it('locks a login after 20 failures in a minute with a clear message', async () => {
    await signUp('dave@example.test', 'dave-password-1')
    keep('dave-password-1')
    for (let i = 0; i < 20; i++) {
      const r = await api.call('POST', '/api/v1/credentials/login', {
        body: { email: 'dave@example.test', password: `wrong-${i}` },
      })
      expect(r.status).toBe(401)
    }
    const locked = await api.call('POST', '/api/v1/credentials/login', {
      body: { email: 'dave@example.test', password: 'dave-password-1' },
    })
    expect(locked.status).toBe(429)
    expect(locked.json.message).toContain('locked for 15 minutes')
    const other = await api.call('POST', '/api/v1/credentials/login', {
      body: { email: 'carol.admin@example.test', password: 'carol-password-2' },
    })
    expect(other.status).toBe(200)
    keep(String(other.json.accessToken), last())
  })

  it('creates an API token shown once, works with Authorization: Token, and stops at revoke', async () => {
    const created = await api.call('POST', `/api/v1/accounts/${account}/tokens`, {
      auth: admin,
      body: { name: 'ci' },
    })
    expect(created.status).toBe(201)
    const secret = String(created.json.token)
    keep(secret, last())
    expect(secret).toMatch(/^[0-9a-f-]{36}$/)
    expect((await api.call('GET', '/api/v1/users/me', { auth: `Token ${secret}` })).status).toBe(200)
    const list = await api.call('GET', `/api/v1/accounts/${account}/tokens`, { auth: admin })
    expect(list.text).not.toContain(secret)
    await api.call('DELETE', `/api/v1/accounts/${account}/tokens/${created.json.uuid}`, { auth: admin })
    expect((await api.call('GET', '/api/v1/users/me', { auth: `Token ${secret}` })).status).toBe(401)
  })

  it('manages members, teams, properties, configuration and the members feature rule', async () => {
    const missing = await api.call('POST', `/api/v1/accounts/${account}/members`, {
      auth: admin,
      body: { name: 'x' },
    })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toContain('Some parameters necessary for the request are missing.')
    const added = await api.call('POST', `/api/v1/accounts/${account}/members`, {
      auth: admin,
      body: { name: 'Erin', email: 'erin@example.test' },
    })
    expect(added.json).toMatchObject({ role: 'Viewer', email: 'erin@example.test', status: 'invited' })
    const accepted = await api.call('POST', '/api/v1/credentials/accept', {
      body: { token: await mailedToken('erin@example.test', 'accept', 0), password: 'erin-password-1' },
    })
    keep('erin-password-1')
    expect(accepted.status, accepted.text).toBe(200)
    const erin = (
      await api.call('GET', `/api/v1/accounts/${account}/members/erin@example.test`, { auth: admin })
    ).json
    expect(erin).toMatchObject({ status: 'active' })
    const changed = await api.call('POST', `/api/v1/accounts/${account}/members/erin@example.test`, {
      auth: admin,
      body: { role: 'Collaborator' },
    })
    expect(changed.json).toMatchObject({ role: 'Collaborator' })
    const lastAdmin = await api.call('POST', `/api/v1/accounts/${account}/members/carol.admin@example.test`, {
      auth: admin,
      body: { role: 'Viewer' },
    })
    expect(lastAdmin.status).toBe(409)

    const team = await api.call('POST', '/api/v1/teams', {
      auth: admin,
      body: { name: 'Platform', description: 'infra' },
    })
    expect(team.status).toBe(200)
    const join = await api.call('POST', `/api/v1/teams/${team.json.uuid}/members`, {
      auth: admin,
      body: { membership: { email: 'erin@example.test' }, role: 'Collaborator' },
    })
    expect(join.json).toMatchObject({ email: 'erin@example.test', role: 'Collaborator' })
    const primary = await api.call(
      'POST',
      `/api/v1/accounts/${account}/members/${erin.uuid}/primary?teamuuid=${team.json.uuid}`,
      { auth: admin },
    )
    expect(primary.json.primaryTeam).toBe(team.json.uuid)
    const teams = await api.call('GET', `/api/v1/accounts/${account}/teams`, { auth: admin })
    expect(teams.json[0]).toMatchObject({ name: 'Everyone', everyone: true })
    expect((await api.call('DELETE', `/api/v1/teams/${teams.json[0]!.uuid}`, { auth: admin })).status).toBe(
      409,
    )

    const props = `/api/v1/accounts/${account}/properties`
    expect((await api.call('GET', `${props}/experimental`, { auth: admin })).status).toBe(404)
    expect(
      (await api.call('POST', `${props}/experimental`, { auth: admin, body: { beta: true } })).json,
    ).toEqual({ beta: true })
    expect((await api.call('GET', `${props}/experimental`, { auth: admin })).json).toEqual({ beta: true })
    const badText = await api.call('POST', `${props}/autogroupings`, { auth: admin, text: '{not json' })
    expect(badText.json.message).toBe('The property content is invalid')
    expect((await api.call('POST', `${props}/autogroupings`, { auth: admin, text: '' })).json).toBeNull()
    expect((await api.call('POST', `${props}/nonsense`, { auth: admin, body: {} })).json.message).toBe(
      'The property is invalid',
    )
    expect((await api.call('POST', `${props}/experimental`, { auth: admin, body: [1] })).json.message).toBe(
      'The property content is invalid',
    )

    const conf = await api.call('GET', `/api/v1/accounts/${account}/configuration`, { auth: admin })
    expect(conf.json).toMatchObject({
      thresholds: { security: 90, stability: 80, licensing: 95 },
      scoringAlgorithm: 'cvss',
    })
    const set = await api.call('POST', `/api/v1/accounts/${account}/configuration`, {
      auth: admin,
      body: { scoringAlgorithm: 'severity', autoMitigation: { epss: 1.5 } },
    })
    expect(set.json).toMatchObject({
      scoringAlgorithm: 'severity',
      autoMitigation: { epss: 1.5, cvss: null },
    })
    expect(
      (
        await api.call('POST', `/api/v1/accounts/${account}/configuration`, {
          auth: admin,
          body: { thresholds: { security: 101 } },
        })
      ).status,
    ).toBe(400)

    const sys = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    keep(String(sys.json.accessToken), last())
    const root = `Bearer ${sys.json.accessToken}`
    const withTeams = await api.call(
      'POST',
      `/api/v1/accounts/${account}/features?names=teams,jira,members`,
      { auth: root },
    )
    expect(withTeams.json.features).toEqual(['teams', 'jira'])
    const oss = await api.call('POST', `/api/v1/accounts/${account}/plan?name=opensource`, { auth: root })
    expect(oss.json.features).toContain('members')
    const found = await api.call('GET', `/api/v1/accounts?q=member_email=erin@example.test`, { auth: root })
    expect((found.json as unknown as { uuid: string }[]).map((a) => a.uuid)).toEqual([account])
    expect((await api.call('DELETE', `/api/v1/accounts/${account}`, { auth: admin })).status).toBe(400)
    const support = await api.call('POST', `/api/v1/accounts/${account}/support-token`, { auth: admin })
    expect(support.status).toBe(201)
    keep(String(support.json.token), last())
    expect(
      (await api.call('GET', `/api/v1/accounts/${account}/support-token`, { auth: admin })).json,
    ).toMatchObject({ active: true })
  })

  it('never answers a password hash, a token secret or a TOTP seed after creation (acceptance 3)', () => {
    expect(api.answers.length).toBeGreaterThan(50)
    expect(leaks(api.answers, secrets)).toEqual([])
  })
})
