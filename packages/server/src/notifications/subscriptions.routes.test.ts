// A member's own alert e-mails (issue 16 "a per-user alert subscription in account settings"): a member
// sees the e-mail channels that list their address with the rules sending through them, stops one (the
// channel then mails them nothing) and resumes it (mailed again); a channel not sending to them is 404,
// another member sees only their own, and an anonymous caller is refused.
import type { AlertSubscription, NotificationChannel } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberOfAccount } from '../resources/admin/test-kit'
import { type ApiAt, callerAccount, postJson } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { type FakeSmtp, startFakeSmtp } from '../testing/fake-notifications'
import { startTestInstance, TEST_ADMIN, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

describe.each(storageModes())('own alert subscriptions on %s storage', (mode) => {
  let t: TestInstance
  let smtp: FakeSmtp
  let api: ApiAt
  let admin = ''
  let viewer = ''
  let base = ''

  beforeAll(async () => {
    smtp = await startFakeSmtp()
    t = await startTestInstance(mode, { SEXTANT_SMTP_URL: smtp.url }, { workers: false })
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    const account = await callerAccount(api)
    base = `/api/v1/accounts/${account}/notifications`
    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    admin = `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`
    viewer = (await memberOfAccount(t.sextant.db, account, 'vic.viewer@subs.test', 'Viewer')).auth
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const call = async (auth: string | null, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, json: (await res.json()) as unknown }
  }

  /** Sends the channel's test message; answers who got it (lower case, sorted). */
  const testMailedTo = async (channelUuid: string) => {
    const before = smtp.mails.length
    await postJson(api, `${base}/channels/${channelUuid}/test`, {})
    return smtp.mails
      .slice(before)
      .flatMap((m) => m.to.map((a) => a.toLowerCase()))
      .sort()
  }

  it('lists, stops and resumes the caller’s own alert e-mails', { timeout: 60_000 }, async () => {
    const mine = await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'email',
      name: 'Security team',
      recipients: [TEST_ADMIN.email.toUpperCase(), 'vic.viewer@subs.test'],
    })
    await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'email',
      name: 'Viewers only',
      recipients: ['vic.viewer@subs.test'],
    })
    await postJson(api, `${base}/rules`, {
      name: 'Daily digest',
      events: ['new-finding'],
      channelUuid: mine.uuid,
      mode: 'digest',
    })

    const listed = await call(admin, 'GET', '/api/v1/users/me/notifications')
    expect(listed).toEqual({
      status: 200,
      json: [
        {
          channelUuid: mine.uuid,
          name: 'Security team',
          teamUuid: null,
          email: TEST_ADMIN.email,
          subscribed: true,
          rules: [{ name: 'Daily digest', mode: 'digest', enabled: true }],
        },
      ],
    })
    const other = await call(viewer, 'GET', '/api/v1/users/me/notifications')
    expect((other.json as AlertSubscription[]).map((s) => s.name)).toEqual(['Security team', 'Viewers only'])

    const stopped = await call(admin, 'POST', `/api/v1/users/me/notifications/${mine.uuid}`, {
      subscribed: false,
    })
    expect(stopped).toMatchObject({ status: 200, json: { channelUuid: mine.uuid, subscribed: false } })
    expect(await call(admin, 'GET', '/api/v1/users/me/notifications')).toMatchObject({
      json: [{ subscribed: false }],
    })
    // the channel now mails only the viewer (one message per recipient)
    expect(await testMailedTo(mine.uuid)).toEqual(['vic.viewer@subs.test'])

    const resumed = await call(admin, 'POST', `/api/v1/users/me/notifications/${mine.uuid}`, {
      subscribed: true,
    })
    expect(resumed).toMatchObject({ status: 200, json: { subscribed: true } })
    expect(await testMailedTo(mine.uuid)).toEqual([TEST_ADMIN.email, 'vic.viewer@subs.test'])
    // the viewer's own choice is theirs: the admin's unsubscribe never touched it
    expect(await call(viewer, 'GET', '/api/v1/users/me/notifications')).toMatchObject({
      json: [{ subscribed: true }, { subscribed: true }],
    })
  })

  it('answers 404 for a channel not mailing the caller and 401 to an anonymous caller', async () => {
    const theirs = (
      (await call(viewer, 'GET', '/api/v1/users/me/notifications')).json as AlertSubscription[]
    ).find((s) => s.name === 'Viewers only')
    expect(theirs).toBeDefined()
    const refused = await call(admin, 'POST', `/api/v1/users/me/notifications/${theirs?.channelUuid}`, {
      subscribed: false,
    })
    expect(refused.status).toBe(404)
    expect(refused.json).toMatchObject({ message: expect.stringContaining(TEST_ADMIN.email) })
    expect((await call(null, 'GET', '/api/v1/users/me/notifications')).status).toBe(401)
  })
})
