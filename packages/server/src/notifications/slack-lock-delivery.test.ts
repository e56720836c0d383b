// Issue 16 "Slack chat-channel locks" end to end, on each storage mode: while another team has borrowed the
// account's Slack channel, an alert for it is neither lost nor sent: its delivery waits (pending, no
// attempt spent, the reason in the log) with exactly one send job queued again for the end of the rental
// time; when the rental time has run out, it is sent once, and never a second time.
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
  uploadProject,
  waitForReports,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { type FakeSlack, startFakeSlack } from '../testing/fake-notifications'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { until } from '../testing/until'
import { SEND_QUEUE } from './send.job'

describe.each(storageModes())('a Slack alert while the channel is borrowed, on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  let slack: FakeSlack
  let account = ''

  beforeAll(async () => {
    slack = await startFakeSlack()
    t = await startTestInstance(mode, {
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_PUBLIC_URL: 'http://sextant.test',
      SEXTANT_NOTIFY_RETRY_SECONDS: '1',
    })
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    account = await callerAccount(api)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await slack?.close()
  })

  const deliveries = () => deliveriesOf(api, account)
  /** The send jobs of a delivery still to run (queued, waiting for their start, or being retried). */
  const waitingJobs = async (delivery: string) =>
    (
      await t.sextant.db.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>'deliveryUuid' = $2`,
        [SEND_QUEUE, delivery],
      )
    ).rows

  it('waits for the rental time, then sends once', { timeout: 120_000 }, async () => {
    const red = await postJson<{ uuid: string }>(api, '/api/v1/teams', { name: 'Red', description: 'r' })
    const base = `/api/v1/accounts/${account}/notifications`
    // an account-wide channel: a team holding the lock is another holder for it
    const channel = await postJson<NotificationChannel>(api, `${base}/channels`, {
      kind: 'slack',
      name: 'hook',
      mode: 'webhook',
      webhookUrl: slack.webhookUrl,
    })
    await postJson(api, `${base}/rules`, { name: 'new', events: ['new-finding'], channelUuid: channel.uuid })
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    const pid = await uploadProject(api, 'locked', [['package-lock.json', lockOf('ms', '2.1.3')]])

    const borrowed = await fetch(
      `${t.url}/api/v2/notifications/slack/locks/borrow?teamUuid=${red.uuid}&state=borrowed`,
      { method: 'POST', headers: api.headers },
    )
    expect(borrowed.status).toBe(200)
    await importRecords(api, 'ms.jsonl', [osvRecord('GHSA-test-lock-0001', 'ms', '2.1.4')])
    await waitForReports(api, pid, 2)
    const [waiting] = await until(
      'delivery waiting for the lock',
      deliveries,
      (d) => d.length === 1 && (d[0]?.lastError ?? '').startsWith('Waiting'),
    )
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, channelUuid: channel.uuid })
    expect(waiting?.lastError).toContain('borrowed by team Red')
    expect(slack.messages).toHaveLength(0)
    // queued again for the end of the rental time, once
    const jobs = await until(
      'one send job queued again',
      () => waitingJobs(waiting!.uuid),
      (j) => j.length === 1,
    )

    // the rental time runs out (the clock moved on: the lock expires, the waiting job is due)
    await t.sextant.db.query(`UPDATE slack_locks SET expires_at = now() - interval '1 second'`)
    await t.sextant.db.query('UPDATE pgboss.job SET start_after = now() WHERE id = $1', [jobs[0]?.id])
    const [sent] = await until('delivery sent', deliveries, (d) => d[0]?.status === 'sent')
    expect(sent).toMatchObject({ attempts: 1 })
    expect(slack.messages).toHaveLength(1)
    expect(JSON.stringify(slack.messages[0]?.body)).toContain('GHSA-test-lock-0001')
    // never a second time: no send job is left, and a little later still one message
    expect(await waitingJobs(waiting!.uuid)).toEqual([])
    await new Promise((r) => setTimeout(r, 2500))
    expect(slack.messages).toHaveLength(1)
    expect(await deliveries()).toHaveLength(1)
  })
})
