// Issue 16 acceptance 4: a failing channel (SMTP down, a webhook answering 500) is retried with back-off
// by the job queue, then shows as failed with its reason and every attempt in the delivery log; a
// webhook failing once is sent on its second attempt with the same delivery id; the other channels are
// unaffected.
import type { NotificationChannel, NotificationDelivery } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiAt,
  callerAccount,
  importRecords,
  lockOf,
  osvRecord,
  postJson,
  uploadProject,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import {
  type FakeSlack,
  type FakeWebhook,
  startFakeSlack,
  startFakeSmtp,
  startFakeWebhook,
} from '../testing/fake-notifications'
import { startTestInstance, TEST_ADMIN, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

describe.each(storageModes())('failing channels on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  let slack: FakeSlack
  let broken: FakeWebhook
  let flaky: FakeWebhook
  let account = ''

  beforeAll(async () => {
    // an SMTP server that is down: a port nothing listens on any more
    const gone = await startFakeSmtp()
    await gone.close()
    ;[slack, broken, flaky] = await Promise.all([startFakeSlack(), startFakeWebhook(), startFakeWebhook()])
    t = await startTestInstance(mode, {
      SEXTANT_SMTP_URL: gone.url,
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_NOTIFY_RETRY_SECONDS: '1',
      SEXTANT_NOTIFY_ATTEMPTS: '3',
    })
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    account = await callerAccount(api)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await Promise.all([slack?.close(), broken?.close(), flaky?.close()])
  })

  const post = (path: string, body: unknown) => postJson<NotificationChannel>(api, path, body)

  it('retries, then logs the failure with its reason; other channels are unaffected', {
    timeout: 120_000,
  }, async () => {
    const base = `/api/v1/accounts/${account}/notifications`
    broken.answerWith([500, 500, 500, 500, 500])
    flaky.answerWith([500])
    const channels: Record<string, NotificationChannel> = {
      mail: await post(`${base}/channels`, { kind: 'email', name: 'mail', recipients: [TEST_ADMIN.email] }),
      broken: await post(`${base}/channels`, {
        kind: 'webhook',
        name: 'broken',
        url: broken.url,
        secret: 'a-signing-secret-of-16+',
      }),
      flaky: await post(`${base}/channels`, {
        kind: 'webhook',
        name: 'flaky',
        url: flaky.url,
        secret: 'another-signing-secret',
      }),
      slack: await post(`${base}/channels`, {
        kind: 'slack',
        name: 'slack',
        mode: 'webhook',
        webhookUrl: slack.webhookUrl,
      }),
    }
    for (const c of Object.values(channels))
      await post(`${base}/rules`, { name: c.name, events: ['new-finding'], channelUuid: c.uuid })
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    await uploadProject(api, 'failing', [['package-lock.json', lockOf('ms', '2.1.3')]])
    await importRecords(api, 'ms.jsonl', [osvRecord('GHSA-test-fail-0001', 'ms', '2.1.4')])

    const deadline = Date.now() + 90_000
    let log: NotificationDelivery[] = []
    for (;;) {
      log = (await (
        await fetch(`${t.url}${base}/deliveries`, { headers: api.headers })
      ).json()) as NotificationDelivery[]
      if (log.length === 4 && log.every((d) => d.status === 'sent' || d.status === 'failed')) break
      if (Date.now() > deadline) throw new Error(JSON.stringify(log, null, 1))
      await new Promise((r) => setTimeout(r, 300))
    }
    const of = (name: string) => log.find((d) => d.channelUuid === channels[name]?.uuid)!

    expect(of('mail')).toMatchObject({ status: 'failed', attempts: 3 })
    expect(of('mail').lastError).toMatch(/ECONNREFUSED|refused|connect/i)
    expect(of('mail').lastError).toContain('gave up after 3 attempts')
    expect(of('mail').log.map((l) => l.ok)).toEqual([false, false, false])

    expect(of('broken')).toMatchObject({ status: 'failed', attempts: 3 })
    expect(of('broken').lastError).toBe('webhook answered 500 receiver broke (gave up after 3 attempts)')
    expect(broken.requests).toHaveLength(3)
    // every attempt is the same delivery: receivers may de-duplicate
    expect(new Set(broken.requests.map((r) => r.headers['x-sextant-delivery']))).toEqual(
      new Set([of('broken').uuid]),
    )

    expect(of('flaky')).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: 'webhook answered 500 receiver broke',
    })
    expect(of('flaky').log.map((l) => l.ok)).toEqual([false, true])
    expect(flaky.requests).toHaveLength(2)

    expect(of('slack')).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(slack.messages).toHaveLength(1)

    // the retries are the job queue's, with exponential back-off from the configured delay
    const { rows } = await t.sextant.db.query<{
      retry_limit: number
      retry_delay: number
      retry_backoff: boolean
    }>(
      `SELECT retry_limit, retry_delay, retry_backoff FROM pgboss.job WHERE name = 'notifications.send'
       AND data->>'deliveryUuid' = $1`,
      [of('broken').uuid],
    )
    expect(rows[0]).toEqual({ retry_limit: 2, retry_delay: 1, retry_backoff: true })
  })
})
