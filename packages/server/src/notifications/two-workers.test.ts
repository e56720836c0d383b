// Issue 16 acceptance 3: two worker processes on one PostgreSQL (two runtimes with their own pools and
// pg-boss, the second without an API), several workers each, and the evaluation also run by hand from the
// second at the same time: every alert is stored and sent exactly once (one webhook call per delivery id,
// one Slack message per branch). Needs TEST_DATABASE_URL.
import type { NotificationChannel, NotificationDelivery } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSextant, startSextant } from '../runtime'
import {
  type ApiAt,
  callerAccount,
  importRecords,
  lockOf,
  osvRecord,
  postJson,
  uploadProject,
  waitForReports,
} from '../testing/advisory-imports'
import { createTestDatabase, type TestDatabase } from '../testing/databases'
import {
  type FakeSlack,
  type FakeWebhook,
  startFakeSlack,
  startFakeWebhook,
} from '../testing/fake-notifications'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { evaluateDeltas } from './evaluate.job'

const BRANCHES = 4

describe.skipIf(!process.env.TEST_DATABASE_URL)('two worker processes on one PostgreSQL', () => {
  let database: TestDatabase
  let first: TestInstance
  let second: RunningSextant
  let slack: FakeSlack
  let hook: FakeWebhook
  let api: ApiAt

  beforeAll(async () => {
    ;[slack, hook] = await Promise.all([startFakeSlack(), startFakeWebhook()])
    database = await createTestDatabase('external')
    const env = {
      ...database.env,
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_JOB_CONCURRENCY: '3',
      SEXTANT_NOTIFY_RETRY_SECONDS: '1',
    }
    first = await startTestInstance('external', env)
    second = await startSextant({
      api: false,
      workers: true,
      print: () => {},
      env: {
        LOG_LEVEL: 'silent',
        SEXTANT_OFFLINE: 'true',
        SEXTANT_ADVISORY_SOURCES: 'none',
        SEXTANT_EPSS_SOURCE: 'none',
        SEXTANT_KEV_SOURCE: 'none',
        SEXTANT_BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
        ...env,
      },
    })
    api = { url: first.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
  }, 90_000)
  afterAll(async () => {
    await second?.stop()
    await first?.close()
    await database?.dispose()
    await Promise.all([slack?.close(), hook?.close()])
  })

  it('sends each alert exactly once', { timeout: 150_000 }, async () => {
    const base = `/api/v1/accounts/${await callerAccount(api)}/notifications`
    const channels = [
      await postJson<NotificationChannel>(api, `${base}/channels`, {
        kind: 'webhook',
        name: 'siem',
        url: hook.url,
        secret: 'two-workers-signing-key',
      }),
      await postJson<NotificationChannel>(api, `${base}/channels`, {
        kind: 'slack',
        name: 'slack',
        mode: 'webhook',
        webhookUrl: slack.webhookUrl,
      }),
    ]
    for (const c of channels)
      await postJson(api, `${base}/rules`, {
        name: c.name,
        events: ['new-finding', 'kev'],
        channelUuid: c.uuid,
      })
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    const projects: string[] = []
    for (let i = 0; i < BRANCHES; i++)
      projects.push(await uploadProject(api, `twin-${i}`, [['package-lock.json', lockOf('ms', '2.1.3')]]))

    await importRecords(api, 'ms.jsonl', [osvRecord('GHSA-test-twin-0001', 'ms', '2.1.4')])
    // the second process evaluates by hand, over and over, while both processes' jobs do the same
    let racing = true
    const race = (async () => {
      while (racing) {
        await evaluateDeltas(second.db, second.boss, second.config)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    try {
      for (const pid of projects) await waitForReports(api, pid, 2)
      const deadline = Date.now() + 60_000
      for (;;) {
        const log = (await (
          await fetch(`${first.url}${base}/deliveries`, { headers: api.headers })
        ).json()) as NotificationDelivery[]
        if (log.length >= BRANCHES * 2 && log.every((d) => d.status === 'sent')) break
        if (Date.now() > deadline) throw new Error(JSON.stringify(log.map((d) => [d.status, d.lastError])))
        await new Promise((r) => setTimeout(r, 300))
      }
    } finally {
      racing = false
      await race
    }
    // a little longer: a duplicate would show up now
    await new Promise((r) => setTimeout(r, 3000))
    const log = (await (
      await fetch(`${first.url}${base}/deliveries`, { headers: api.headers })
    ).json()) as NotificationDelivery[]
    expect(log).toHaveLength(BRANCHES * 2)
    expect(log.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true)
    const ids = hook.requests.map((r) => r.headers['x-sextant-delivery'])
    expect(ids).toHaveLength(BRANCHES)
    expect(new Set(ids).size).toBe(BRANCHES)
    expect(slack.messages).toHaveLength(BRANCHES)
    const mentioned = slack.messages.map((m) => JSON.stringify(m.body.blocks))
    for (const pid of projects) expect(mentioned.filter((b) => b.includes(pid))).toHaveLength(1)
  })
})
