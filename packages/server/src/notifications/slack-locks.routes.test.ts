// Slack chat-channel locks (issue 16; spec accounts-and-api §4 "Chat-channel locks: borrow, status, rental
// time", §7): a team borrows the account's Slack channel, another team is refused (409) until it is given
// back or its rental time runs out; only the holder gives it back; a ticket names one borrowing of the
// caller's own account; and a Slack delivery of another holder waits while the channel is borrowed.
import { SLACK_LOCK_RENTAL_SECONDS, type SlackLock, type SlackLockInfo } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../testing/accounts'
import { callerAccount } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { saveChannel } from './channels.repo'
import { insertDelivery } from './deliveries.repo'
import { slackLockBlocking } from './slack-locks.repo'

const GHOST = '00000000-0000-4000-8000-00000000dead'

describe.each(storageModes())('Slack channel locks on %s storage', (mode) => {
  let t: TestInstance
  const admin = `Token ${TEST_BOOTSTRAP_TOKEN}`
  let account = ''
  let red = ''
  let blue = ''

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' }, { workers: false })
    account = await callerAccount({ url: t.url, headers: { authorization: admin } })
    red = String((await call('POST', '/api/v1/teams', { name: 'Red', description: 'r' })).json.uuid)
    blue = String((await call('POST', '/api/v1/teams', { name: 'Blue', description: 'b' })).json.uuid)
  }, 60_000)
  afterAll(async () => t?.close())

  async function call(method: string, path: string, body?: unknown, auth = admin) {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { message?: string } }
  }
  const locks = '/api/v2/notifications/slack/locks'
  const borrow = (team: string, state = 'borrowed', auth = admin) =>
    call('POST', `${locks}/borrow?teamUuid=${team}&state=${state}`, undefined, auth)

  it('lends the channel to one team at a time, for the rental time', async () => {
    expect((await call('GET', `${locks}/rentalTime`)).json).toEqual({ seconds: SLACK_LOCK_RENTAL_SECONDS })
    expect((await call('GET', `${locks}/status`)).json).toMatchObject({ state: 'free', teamUuid: null })

    const taken = await borrow(red)
    expect(taken.status).toBe(200)
    const lock = taken.json as unknown as SlackLock
    expect(lock).toMatchObject({ accountUuid: account, state: 'borrowed', teamUuid: red, teamName: 'Red' })
    const rental = Date.parse(lock.expiresAt!) - Date.parse(lock.borrowedAt!)
    expect(rental).toBe(SLACK_LOCK_RENTAL_SECONDS * 1000)

    // another team: refused, naming the holder; nothing changes
    const refused = await borrow(blue)
    expect(refused.status).toBe(409)
    expect(refused.json.message).toContain('borrowed by team Red')
    expect((await call('GET', `${locks}/status?team=${blue}`)).json).toMatchObject({
      state: 'borrowed',
      teamUuid: red,
      heldByTeam: false,
    })
    expect((await call('GET', `${locks}/status?team=${red}`)).json).toMatchObject({ heldByTeam: true })
    // only the holder gives it back
    expect((await borrow(blue, 'free')).status).toBe(409)
    // the holder renews: same ticket
    const renewed = await borrow(red)
    expect(renewed.json.ticket).toBe(lock.ticket)

    const info = await call('GET', `/api/v2/notifications/slack/info?ticket=${lock.ticket}`)
    expect(info.status).toBe(200)
    expect((info.json as unknown as SlackLockInfo).teamUuid).toBe(red)

    const freed = await borrow(red, 'free')
    expect(freed.json).toMatchObject({ state: 'free', teamUuid: null, ticket: null })
    const blues = await borrow(blue)
    expect(blues.json).toMatchObject({ state: 'borrowed', teamUuid: blue })
    expect(blues.json.ticket).not.toBe(lock.ticket)
    // the old ticket still names the account's borrowing no more
    expect((await call('GET', `/api/v2/notifications/slack/info?ticket=${lock.ticket}`)).status).toBe(404)

    // the rental time runs out: 'expired', and another team may take it
    await t.sextant.db.query(`UPDATE slack_locks SET expires_at = now() - interval '1 second'`)
    expect((await call('GET', `${locks}/status`)).json).toMatchObject({ state: 'expired', teamUuid: blue })
    expect((await borrow(red)).json).toMatchObject({ state: 'borrowed', teamUuid: red })
    await borrow(red, 'free')
  })

  it('refuses teams and tickets of other accounts, and bad queries', async () => {
    const bob = await signUp(t, { email: 'bob@locks.test', password: 'bob-password-12' })
    const asBob = `Bearer ${bob.accessToken}`
    const bobs = await borrow(red, 'borrowed', asBob)
    expect(bobs.status).toBe(404)
    expect(bobs.json.message).toBe(`There is no team ${red} in your account.`)
    const lock = (await borrow(red)).json as unknown as SlackLock
    expect(
      (await call('GET', `/api/v2/notifications/slack/info?ticket=${lock.ticket}`, undefined, asBob)).status,
    ).toBe(404)
    expect((await call('GET', `${locks}/status`, undefined, asBob)).json).toMatchObject({ state: 'free' })
    expect((await borrow(GHOST)).status).toBe(404)
    expect((await call('POST', `${locks}/borrow?teamUuid=${red}&state=taken`)).status).toBe(400)
    expect((await call('GET', '/api/v2/notifications/slack/info?ticket=nope')).status).toBe(400)
    await borrow(red, 'free')
  })

  it('holds back a Slack delivery of another holder while a team has the channel', async () => {
    const db = t.sextant.db
    const channel = async (uuid: string, teamUuid: string | null, kind: 'slack' | 'webhook' = 'slack') =>
      saveChannel(db, {
        uuid,
        accountUuid: account,
        teamUuid,
        kind,
        name: `${kind}-${uuid.slice(-2)}`,
        settings: {},
        secret: null,
      })
    const delivery = async (uuid: string, channelUuid: string, kind: 'slack' | 'webhook' = 'slack') =>
      insertDelivery(db, {
        uuid,
        accountUuid: account,
        ruleUuid: null,
        channelUuid,
        channelKind: kind,
        projectUuid: null,
        reportUuid: null,
        status: 'pending',
        payload: { kind: 'test', channel: 'x' },
        items: 1,
      })
    await channel('10000000-0000-4000-8000-000000000001', null)
    await channel('10000000-0000-4000-8000-000000000002', red)
    await channel('10000000-0000-4000-8000-000000000003', null, 'webhook')
    await delivery('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001')
    await delivery('20000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002')
    await delivery('20000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000003', 'webhook')
    const blocked = async () => {
      const out: string[] = []
      for (const d of ['1', '2', '3'])
        if (await slackLockBlocking(db, `20000000-0000-4000-8000-00000000000${d}`)) out.push(d)
      return out
    }
    expect(await blocked()).toEqual([])
    await borrow(red)
    // the account-wide Slack channel waits; Red's own and the webhook go
    expect(await blocked()).toEqual(['1'])
    await borrow(red, 'free')
    await borrow(blue)
    expect(await blocked()).toEqual(['1', '2'])
    await t.sextant.db.query(`UPDATE slack_locks SET expires_at = now() - interval '1 second'`)
    expect(await blocked()).toEqual([])
  })
})
