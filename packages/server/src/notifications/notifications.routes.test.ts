// Notification routes (issue 16; spec accounts-and-api §7 "Notifications"): a channel's secret goes only
// to the origin it was saved for (stored-secret rule) and is never answered; rules name only the account's
// own channels and teams; send_email mails members only; notify_test and a channel test send through the
// real channel (a local Slack); GET /api/v1/notifications/config answers no secret.
import type { NotificationChannel } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiAt, callerAccount, postJson } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { type FakeSlack, type FakeSmtp, startFakeSlack, startFakeSmtp } from '../testing/fake-notifications'
import { startTestInstance, TEST_ADMIN, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

describe.each(storageModes())('notification routes on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  let slack: FakeSlack
  let smtp: FakeSmtp
  let base = ''

  beforeAll(async () => {
    ;[slack, smtp] = await Promise.all([startFakeSlack(), startFakeSmtp()])
    t = await startTestInstance(
      mode,
      { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true', SEXTANT_SMTP_URL: smtp.url },
      { workers: false },
    )
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    base = `/api/v1/accounts/${await callerAccount(api)}/notifications`
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await Promise.all([slack?.close(), smtp?.close()])
  })

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...api.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, json: (await res.json()) as { message?: string } & Record<string, unknown> }
  }

  it('keeps a stored secret for its own origin only, and never answers it', async () => {
    const hook = await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'webhook',
      name: 'siem',
      url: 'http://127.0.0.1:9/a',
      secret: 'first-signing-secret-xx',
    })
    // same origin, no secret: kept
    const moved = await call('POST', `${base}/channels/${hook.uuid}`, {
      kind: 'webhook',
      name: 'siem',
      url: 'http://127.0.0.1:9/b',
    })
    expect(moved.status).toBe(200)
    expect(moved.json).toMatchObject({ secretSet: true, settings: { url: 'http://127.0.0.1:9/b' } })
    // another origin without the secret: refused, naming the field
    const elsewhere = await call('POST', `${base}/channels/${hook.uuid}`, {
      kind: 'webhook',
      name: 'siem',
      url: 'http://evil.example/collect',
    })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.json.message).toMatch(/^secret: give the secret/)
    // a bot token saved for one Slack API does not follow the channel to another
    const bot = await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'slack',
      name: 'bot',
      mode: 'bot',
      channel: 'C1',
      apiUrl: `${slack.url}/api`,
      token: slack.botToken,
    })
    const rehomed = await call('POST', `${base}/channels/${bot.uuid}`, {
      kind: 'slack',
      name: 'bot',
      mode: 'bot',
      channel: 'C1',
      apiUrl: 'https://slack.evil.example/api',
    })
    expect(rehomed.status).toBe(400)
    expect(rehomed.json.message).toMatch(/^token:/)
    const everything = JSON.stringify([
      (await call('GET', `${base}/channels`)).json,
      (await call('GET', '/api/v1/notifications/config')).json,
    ])
    for (const secret of ['first-signing-secret-xx', slack.botToken]) expect(everything).not.toContain(secret)
  })

  it('tests a channel through the real protocol; notify_test sends through every channel of a type', async () => {
    const hook = await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'slack',
      name: 'alerts',
      mode: 'webhook',
      webhookUrl: slack.webhookUrl,
    })
    // a Slack webhook's URL is its secret: stored sealed only, its plain columns keep the origin
    const row = await t.sextant.db.query<{ settings: unknown; secret_url: string }>(
      'SELECT settings, secret_url FROM notification_channels WHERE uuid = $1',
      [hook.uuid],
    )
    const webhookPath = new URL(slack.webhookUrl).pathname
    expect(JSON.stringify(row.rows)).not.toContain(webhookPath)
    expect(row.rows[0]?.secret_url).toBe(new URL(slack.webhookUrl).origin)
    const tested = await call('POST', `${base}/channels/${hook.uuid}/test`)
    expect(tested.json).toEqual({ sent: 1, failed: [] })
    const all = await call('POST', '/api/v1/notifications/notify_test?type=slack')
    // the bot channel of the first test and this webhook channel
    expect(all.json).toEqual({ sent: 2, failed: [] })
    expect(slack.messages.map((m) => m.via)).toEqual(['webhook', 'chat.postMessage', 'webhook'])
    expect((await call('POST', '/api/v1/notifications/notify_test?type=email')).status).toBe(404)
  })

  it('rules name only channels and teams of the account; send_email mails members only', async () => {
    const unknown = await call('POST', `${base}/rules`, {
      name: 'r',
      events: ['kev'],
      channelUuid: '00000000-0000-4000-8000-000000000001',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json.message).toMatch(/no notification channel/)
    const outsider = await call('POST', '/api/v1/notifications/send_email', {
      subject: 'hi',
      content: 'hello',
      recepients: ['stranger@example.net'],
    })
    expect(outsider.status).toBe(400)
    expect(outsider.json.message).toContain('stranger@example.net')
    const sent = await call('POST', '/api/v1/notifications/send_email', {
      subject: 'Maintenance tonight',
      content: 'Sextant restarts at 22:00.',
      recepients: [TEST_ADMIN.email],
    })
    expect(sent.json).toEqual({ sent: 1, failed: [] })
    expect(smtp.mails.map((m) => m.to)).toEqual([[TEST_ADMIN.email]])
    expect(smtp.mails[0]?.raw).toContain('Subject: Maintenance tonight')
  })
})
