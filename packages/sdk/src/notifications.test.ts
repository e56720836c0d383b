// Notification calls (issue 16; spec accounts-and-api §7 "Notifications"): the paths and bodies sent,
// the §7 spellings (recepients), query filters, answers passed through and missing input refused before
// any request.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { notificationsApi } from './notifications'

/** `body` answers every call, or per call from its method and path. */
function api(status: number, body: unknown | ((method: string, url: string) => unknown)) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim())
    const answer = typeof body === 'function' ? body(init?.method ?? 'GET', String(url)) : body
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: notificationsApi(client) }
}

const acc = '11111111-1111-4111-8111-111111111111'
const base = `http://sextant.test/api/v1/accounts/${acc}/notifications`
const channel = {
  uuid: 'c-1',
  kind: 'webhook',
  name: 'Hook',
  teamUuid: null,
  settings: { url: 'https://hooks.test/x' },
  secretSet: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const channelId = '22222222-2222-4222-8222-222222222222'

describe('notifications SDK', () => {
  it('manages channels and tests one', async () => {
    const a = api(200, channel)
    const body = {
      kind: 'webhook' as const,
      name: 'Hook',
      url: 'https://hooks.test/x',
      secret: 'a'.repeat(16),
    }
    expect(await a.api.createChannel(acc, body)).toEqual(channel)
    await a.api.updateChannel(acc, 'c-1', { kind: 'webhook', name: 'Hook', url: 'https://hooks.test/x' })
    const t = api(200, { sent: 0, failed: [{ channelUuid: 'c-1', reason: 'HTTP 500' }] })
    expect(await t.api.testChannel(acc, 'c-1')).toEqual({
      sent: 0,
      failed: [{ channelUuid: 'c-1', reason: 'HTTP 500' }],
    })
    const l = api(200, (method: string) => (method === 'GET' ? [channel] : { deleted: true }))
    expect(await l.api.channels(acc)).toEqual([channel])
    await l.api.deleteChannel(acc, 'c-1')
    expect([...a.calls, ...t.calls, ...l.calls]).toEqual([
      `POST ${base}/channels ${JSON.stringify(body)}`,
      `POST ${base}/channels/c-1 {"kind":"webhook","name":"Hook","url":"https://hooks.test/x"}`,
      `POST ${base}/channels/c-1/test`,
      `GET ${base}/channels`,
      `DELETE ${base}/channels/c-1`,
    ])
  })

  it('manages rules and reads the delivery log with its filters', async () => {
    const rule = { name: 'Criticals', events: ['new-critical-high' as const], channelUuid: channelId }
    const stored = {
      ...rule,
      uuid: 'r-1',
      enabled: true,
      teamUuid: null,
      minSeverity: 'LOW',
      epssThreshold: null,
      projects: { kind: 'all' },
      mode: 'immediate',
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    const r = api(200, (method: string, url: string) =>
      method === 'DELETE'
        ? { deleted: true }
        : method === 'POST'
          ? stored
          : url.includes('/rules')
            ? [stored]
            : [],
    )
    await r.api.rules('me')
    await r.api.createRule('me', rule)
    await r.api.updateRule('me', 'r-1', { ...rule, mode: 'digest' })
    await r.api.deleteRule('me', 'r-1')
    await r.api.deliveries('me', { status: 'failed', limit: 20 })
    await r.api.deliveries('me')
    const me = 'http://sextant.test/api/v1/accounts/me/notifications'
    expect(r.calls).toEqual([
      `GET ${me}/rules`,
      `POST ${me}/rules ${JSON.stringify(rule)}`,
      `POST ${me}/rules/r-1 ${JSON.stringify({ ...rule, mode: 'digest' })}`,
      `DELETE ${me}/rules/r-1`,
      `GET ${me}/deliveries?status=failed&limit=20`,
      `GET ${me}/deliveries`,
    ])
  })

  it('calls the spec routes of §7 with their spellings', async () => {
    const s = api(200, (_: string, url: string) =>
      url.includes('unsubscribe')
        ? { email: 'a@x.test', channelUuid: 'c-1', unsubscribed: true }
        : { sent: 1, failed: [] },
    )
    await s.api.notifyTest('slack', '33333333-3333-4333-8333-333333333333')
    await s.api.notifyTest('email')
    await s.api.sendEmail('Hello', 'Text', ['a@x.test'])
    await s.api.unsubscribe('signed-token-value')
    expect(s.calls).toEqual([
      'POST http://sextant.test/api/v1/notifications/notify_test?type=slack&team=33333333-3333-4333-8333-333333333333',
      'POST http://sextant.test/api/v1/notifications/notify_test?type=email',
      'POST http://sextant.test/api/v1/notifications/send_email {"subject":"Hello","content":"Text","recepients":["a@x.test"]}',
      'POST http://sextant.test/api/v1/notifications/unsubscribe?token=signed-token-value',
    ])
    const c = api(200, { accountUuid: acc, smtp: false, channels: [], rules: [] })
    expect(await c.api.config()).toEqual({ accountUuid: acc, smtp: false, channels: [], rules: [] })
    expect(c.calls).toEqual(['GET http://sextant.test/api/v1/notifications/config'])
  })

  it("reads and changes the caller's own alert e-mails", async () => {
    const sub = {
      channelUuid: 'c-1',
      name: 'Team',
      teamUuid: null,
      email: 'a@x.test',
      subscribed: false,
      rules: [{ name: 'Daily', mode: 'digest', enabled: true }],
    }
    const s = api(200, (method: string) => (method === 'GET' ? [sub] : sub))
    expect(await s.api.mySubscriptions()).toEqual([sub])
    expect(await s.api.setMySubscription('c-1', false)).toEqual(sub)
    await expect(s.api.setMySubscription('', true)).rejects.toThrow('Required information not provided.')
    expect(s.calls).toEqual([
      'GET http://sextant.test/api/v1/users/me/notifications',
      'POST http://sextant.test/api/v1/users/me/notifications/c-1 {"subscribed":false}',
    ])
  })

  it('refuses missing input before any request and throws server refusals', async () => {
    const a = api(200, {})
    await expect(a.api.channels('')).rejects.toThrow('No account has been specified')
    await expect(a.api.testChannel('me', ' ')).rejects.toThrow('Required information not provided.')
    await expect(a.api.sendEmail('Hi', 'Text', [])).rejects.toThrow('Required information not provided.')
    expect(a.calls).toEqual([])
    const refused = api(403, { status: 403, error: 'FORBIDDEN', message: 'Not allowed for your role.' })
    await expect(
      refused.api.createRule('me', { name: 'x', events: ['kev'], channelUuid: channelId }),
    ).rejects.toThrow('Not allowed for your role.')
  })
})
