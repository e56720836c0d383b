// Statistics files (issue 16 "Stats"; spec accounts-and-api §7): allerta counts the alert items sent to the
// caller's account that day from the delivery log (alerts and digests, by ecosystem and severity; pending,
// failed and other days' deliveries and test messages not), the 30-day summary adds them up, another
// account sees none of them; public-vulns lists recently published advisories, newest first, bounded,
// without withdrawn or old ones.
import {
  type AllertaDay,
  type AllertaSummary,
  allertaDaySchema,
  allertaSummarySchema,
  type PublicVulns,
  publicVulnsSchema,
} from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveChannel } from '../../notifications/channels.repo'
import { insertDelivery } from '../../notifications/deliveries.repo'
import { signUp } from '../../testing/accounts'
import { callerAccount, importRecords, osvRecord } from '../../testing/advisory-imports'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'

const DAY = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const item = (language: string, severity: string | null) => ({
  event: 'new-finding',
  summary: 's',
  finding: severity ? { language, severity, library: 'x', id: 'GHSA-x' } : null,
})
const alert = (items: object[]) => ({
  kind: 'alert',
  rule: { uuid: 'r', name: 'r' },
  project: { uuid: 'p', name: 'p', branch: 'main' },
  report: { uuid: 'x', live: true },
  items,
})

describe.each(storageModes())('statistics files on %s storage', (mode) => {
  let t: TestInstance
  const headers = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
  let account = ''

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' }, { workers: false })
    account = await callerAccount({ url: t.url, headers })
  }, 60_000)
  afterAll(async () => t?.close())

  const get = async (path: string, h: Record<string, string> = headers) => {
    const res = await fetch(`${t.url}${path}`, { headers: h })
    return { status: res.status, json: (await res.json()) as unknown }
  }

  it('counts the alerts sent to the account on a day by ecosystem and severity', async () => {
    const db = t.sextant.db
    const channel = '30000000-0000-4000-8000-000000000001'
    await saveChannel(db, {
      uuid: channel,
      accountUuid: account,
      teamUuid: null,
      kind: 'webhook',
      name: 'hook',
      settings: {},
      secret: null,
    })
    let n = 0
    const sent = async (payload: object, status: 'sent' | 'pending' | 'failed', sentAt: number) => {
      const uuid = `40000000-0000-4000-8000-${String(++n).padStart(12, '0')}`
      await insertDelivery(db, {
        uuid,
        accountUuid: account,
        ruleUuid: null,
        channelUuid: channel,
        channelKind: 'webhook',
        projectUuid: null,
        reportUuid: null,
        status: 'pending',
        payload,
        items: 1,
      })
      await db.query(
        'UPDATE notification_deliveries SET status = $2, sent_at = $3, created_at = $3 WHERE uuid = $1',
        [uuid, status, new Date(sentAt)],
      )
    }
    const now = Date.now()
    const today = isoDay(now)
    const noon = Date.parse(`${today}T00:00:00Z`) + 1000
    await sent(alert([item('nodejs', 'HIGH'), item('java', 'CRITICAL')]), 'sent', noon)
    await sent(
      {
        kind: 'digest',
        rule: { uuid: 'r', name: 'r' },
        alerts: [alert([item('nodejs', 'HIGH')]), alert([item('nodejs', 'LOW'), item('', null)])],
      },
      'sent',
      noon,
    )
    // not counted: not sent, failed, a test message, and yesterday's (counted on its own day)
    await sent(alert([item('nodejs', 'HIGH')]), 'pending', noon)
    await sent(alert([item('nodejs', 'HIGH')]), 'failed', noon)
    await sent({ kind: 'test', channel: 'hook' }, 'sent', noon)
    await sent(alert([item('java', 'MEDIUM')]), 'sent', noon - DAY)

    const res = await get(`/stats/allerta_${today}.json`)
    expect(res.status).toBe(200)
    const day: AllertaDay = allertaDaySchema.parse(res.json)
    expect(day).toEqual({
      accountUuid: account,
      date: today,
      alerts: 5,
      messages: 2,
      byEcosystem: { java: 1, nodejs: 3, none: 1 },
      bySeverity: { CRITICAL: 1, HIGH: 2, LOW: 1, NONE: 1 },
      counts: [
        { ecosystem: 'java', severity: 'CRITICAL', alerts: 1 },
        { ecosystem: 'nodejs', severity: 'HIGH', alerts: 2 },
        { ecosystem: 'nodejs', severity: 'LOW', alerts: 1 },
        { ecosystem: 'none', severity: 'NONE', alerts: 1 },
      ],
    })
    const yesterday = allertaDaySchema.parse((await get(`/stats/allerta_${isoDay(now - DAY)}.json`)).json)
    expect(yesterday).toMatchObject({ alerts: 1, messages: 1, bySeverity: { MEDIUM: 1 } })

    const summary: AllertaSummary = allertaSummarySchema.parse((await get('/stats/allerta.json')).json)
    expect(summary.days).toHaveLength(30)
    expect(summary).toMatchObject({ accountUuid: account, to: today, alerts: 6 })
    expect(summary.days.at(-1)).toMatchObject({ date: today, alerts: 5 })
    expect(summary.days.at(-2)).toMatchObject({ date: isoDay(now - DAY), alerts: 1 })

    // another account, and the anonymous caller (the public default account), see none of them
    const bob = await signUp(t, { email: 'bob@stats.test', password: 'bob-password-12' })
    const other = allertaDaySchema.parse(
      (await get(`/stats/allerta_${today}.json`, { authorization: `Bearer ${bob.accessToken}` })).json,
    )
    expect(other).toMatchObject({ alerts: 0, messages: 0, byEcosystem: {} })
    expect(allertaSummarySchema.parse((await get('/stats/allerta.json', {})).json).alerts).toBe(0)
    expect((await get('/stats/allerta_2026-13-45.json')).status).toBe(400)
    expect((await get('/stats/allerta_yesterday.json')).status).toBe(400)
  })

  it('lists the advisories published recently, newest first and bounded', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString()
    const record = (id: string, daysAgo: number, extra: object = {}) => ({
      ...osvRecord(id, `pkg-${id}`, '2.0.0'),
      published: at(daysAgo),
      ...extra,
    })
    await importRecords({ url: t.url, headers }, 'recent.jsonl', [
      record('GHSA-recent-0001', 1),
      record('GHSA-recent-0002', 3),
      record('GHSA-recent-0003', 0.5),
      record('GHSA-recent-0004', 20),
      record('GHSA-recent-0005', 2, { withdrawn: at(1) }),
    ])
    const list = async (query = '') =>
      publicVulnsSchema.parse((await get(`/stats/public-vulns.json${query}`, {})).json)
    const week: PublicVulns = await list()
    expect(week.advisories.map((a) => a.id)).toEqual([
      'GHSA-recent-0003',
      'GHSA-recent-0001',
      'GHSA-recent-0002',
    ])
    expect(week.total).toBe(3)
    expect(week.advisories[0]).toMatchObject({
      summary: 'pkg-GHSA-recent-0003 is vulnerable',
      packages: [{ ecosystem: 'npm', name: 'pkg-GHSA-recent-0003' }],
    })
    const one = await list('?days=30&limit=1')
    expect(one).toMatchObject({ total: 4, advisories: [{ id: 'GHSA-recent-0003' }] })
    expect((await get('/stats/public-vulns.json?days=91')).status).toBe(400)
    expect((await get('/stats/public-vulns.json?limit=0')).status).toBe(400)
  })
})
