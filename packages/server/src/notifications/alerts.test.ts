// Issue 16 acceptance 1, on each storage mode: a branch is analysed clean; an advisory affecting one of
// its components is imported; a live report exists with exactly that finding, and one e-mail (a local
// SMTP server), one Slack message through an incoming webhook and one through chat.postMessage (a local
// Slack) and one signed webhook (signature verified here) are delivered; importing the same advisory again
// sends nothing. The e-mail's unsubscribe link stops the next e-mail of that channel, not the others.
import { createHmac } from 'node:crypto'
import type { NotificationChannel } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiAt,
  callerAccount,
  deliveriesOf,
  importRecords,
  lockOf,
  osvRecord,
  postJson,
  reportHistoryOf,
  uploadProject,
  waitForReports,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import {
  type FakeSlack,
  type FakeSmtp,
  type FakeWebhook,
  startFakeSlack,
  startFakeSmtp,
  startFakeWebhook,
} from '../testing/fake-notifications'
import { startTestInstance, TEST_ADMIN, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { until } from '../testing/until'

/** The message as read: headers as sent, the body's quoted-printable decoded (enough for ASCII bodies). */
function quotedPrintable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const body = raw
    .slice(split)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
  return raw.slice(0, split) + body
}

const SIGNING_SECRET = 'webhook-signing-secret-0123456789'

describe.each(storageModes())('alerts on new advisory data on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  let smtp: FakeSmtp
  let slack: FakeSlack
  let hook: FakeWebhook
  let account = ''

  beforeAll(async () => {
    ;[smtp, slack, hook] = await Promise.all([startFakeSmtp(), startFakeSlack(), startFakeWebhook()])
    t = await startTestInstance(mode, {
      SEXTANT_SMTP_URL: smtp.url,
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_PUBLIC_URL: 'http://sextant.test',
      SEXTANT_NOTIFY_RETRY_SECONDS: '1',
    })
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    account = await callerAccount(api)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await Promise.all([smtp?.close(), slack?.close(), hook?.close()])
  })

  const post = (path: string, body: unknown) => postJson<NotificationChannel>(api, path, body)
  const deliveries = () => deliveriesOf(api, account)

  it('delivers one e-mail, two Slack messages and one signed webhook for exactly the new finding', {
    timeout: 120_000,
  }, async () => {
    const base = `/api/v1/accounts/${account}/notifications`
    const channels: NotificationChannel[] = [
      await post(`${base}/channels`, {
        kind: 'email',
        name: 'security team',
        recipients: [TEST_ADMIN.email],
      }),
      await post(`${base}/channels`, {
        kind: 'slack',
        name: 'hook',
        mode: 'webhook',
        webhookUrl: slack.webhookUrl,
      }),
      await post(`${base}/channels`, {
        kind: 'slack',
        name: 'bot',
        mode: 'bot',
        channel: 'C0SECURITY',
        apiUrl: `${slack.url}/api`,
        token: slack.botToken,
      }),
      await post(`${base}/channels`, {
        kind: 'webhook',
        name: 'siem',
        url: hook.url,
        secret: SIGNING_SECRET,
      }),
    ]
    // secrets are never answered
    const listed = JSON.stringify(
      await (await fetch(`${t.url}${base}/channels`, { headers: api.headers })).json(),
    )
    for (const secret of [slack.webhookUrl, slack.botToken, SIGNING_SECRET])
      expect(listed).not.toContain(secret)
    expect(channels.map((c) => c.secretSet)).toEqual([false, true, true, true])
    for (const c of channels)
      await post(`${base}/rules`, { name: `new on ${c.name}`, events: ['new-finding'], channelUuid: c.uuid })

    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    const pid = await uploadProject(api, 'alerted', [['package-lock.json', lockOf('ms', '2.1.3')]])
    // the first report is the baseline: nothing is alerted
    await new Promise((r) => setTimeout(r, 1500))
    expect(await deliveries()).toEqual([])

    await importRecords(api, 'ms.jsonl', [
      osvRecord('GHSA-test-alrt-0001', 'ms', '2.1.4', undefined, ['CVE-2099-0101']),
    ])
    const live = await waitForReports(api, pid, 2)
    expect((await reportHistoryOf(api, pid))[0]?.live).toBe(true)
    await until('deliveries sent', deliveries, (d) => d.length === 4 && d.every((x) => x.status === 'sent'))

    // e-mail: one message, HTML and text, naming the finding, linking the report, unsubscribe per user
    expect(smtp.mails).toHaveLength(1)
    const mail = { ...smtp.mails[0]!, raw: quotedPrintable(smtp.mails[0]!.raw) }
    expect(mail.to).toEqual([TEST_ADMIN.email])
    expect(mail.raw).toMatch(/^Subject: \[Sextant\] alerted \(main\): 1 new alert from new advisory data/m)
    expect(mail.raw).toContain('text/plain')
    expect(mail.raw).toContain('text/html')
    expect(mail.raw).toContain('GHSA-test-alrt-0001')
    expect(mail.raw.replace(/\r?\n[ \t]+/g, '')).toMatch(
      /^List-Unsubscribe:\s*<http:\/\/sextant\.test\/api\/v1\/notifications\/unsubscribe\?token=/m,
    )
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

    // Slack: one message each way, blocks linking the live report
    expect(slack.messages.map((m) => m.via).sort()).toEqual(['chat.postMessage', 'webhook'])
    const link = `http://sextant.test/projects?pid=${pid}&branch=main&reportUuid=${live.uuid}`
    for (const m of slack.messages) {
      expect(JSON.stringify(m.body.blocks)).toContain(`<${link}|`)
      expect(JSON.stringify(m.body.blocks)).toContain('GHSA-test-alrt-0001')
    }
    expect(slack.messages.find((m) => m.via === 'chat.postMessage')?.body.channel).toBe('C0SECURITY')

    // webhook: JSON, HMAC-SHA256 of the exact body with the channel's secret
    expect(hook.requests).toHaveLength(1)
    const req = hook.requests[0]!
    const want = `sha256=${createHmac('sha256', SIGNING_SECRET).update(req.body).digest('hex')}`
    expect(req.headers['x-sextant-signature-256']).toBe(want)
    expect(req.headers['content-type']).toBe('application/json')
    const payload = JSON.parse(req.body) as {
      type: string
      alerts: { reportUrl: string; items: { event: string; finding: { id: string } }[] }[]
    }
    expect(payload.type).toBe('alert')
    expect(payload.alerts[0]?.reportUrl).toBe(link)
    expect(payload.alerts[0]?.items.map((i) => [i.event, i.finding.id])).toEqual([
      ['new-finding', 'GHSA-test-alrt-0001'],
    ])

    // the same advisory again: nothing is re-assessed, nothing is sent
    await importRecords(api, 'ms.jsonl', [
      osvRecord('GHSA-test-alrt-0001', 'ms', '2.1.4', undefined, ['CVE-2099-0101']),
    ])
    await new Promise((r) => setTimeout(r, 2500))
    expect(await deliveries()).toHaveLength(4)
    expect([smtp.mails.length, slack.messages.length, hook.requests.length]).toEqual([1, 2, 1])

    // the unsubscribe link of the e-mail: the next alert reaches Slack and the webhook, not that address
    const token = /Unsubscribe from these alerts: \S+\?token=([A-Za-z0-9._-]+)/.exec(mail.raw)?.[1]
    expect(token).toBeTruthy()
    const unsub = await fetch(`${t.url}/api/v1/notifications/unsubscribe?token=${token}`)
    expect(await unsub.json()).toMatchObject({ email: TEST_ADMIN.email, unsubscribed: true })
    const forged = await fetch(`${t.url}/api/v1/notifications/unsubscribe?token=${token!.slice(0, -3)}AAA`)
    expect(forged.status).toBe(400)
    await importRecords(api, 'ms2.jsonl', [osvRecord('GHSA-test-alrt-0002', 'ms', '2.1.4')])
    await until('second alert sent', deliveries, (d) => d.length === 8 && d.every((x) => x.status === 'sent'))
    expect([smtp.mails.length, slack.messages.length, hook.requests.length]).toEqual([1, 4, 2])
  })
})
