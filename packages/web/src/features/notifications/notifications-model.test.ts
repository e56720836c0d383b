// The notifications screen's forms (issue 16 "Screens"): channel and rule forms to the contract's bodies
// and back, secrets never read back and kept when left empty on a change, the checks a person sees
// before a request, and the failure reason of a delivery.
import type { NotificationChannel, NotificationDelivery, NotificationRule } from '@sextant/contract'
import { channelBodySchema, ruleBodySchema } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import {
  channelBody,
  channelFormOf,
  channelTarget,
  emptyChannelForm,
  failureReason,
} from './notifications-model'
import { describeEvents, describeProjects, emptyRuleForm, ruleBody, ruleFormOf } from './rule-model'

const hook: NotificationChannel = {
  uuid: 'c-1',
  kind: 'webhook',
  name: 'Hook',
  teamUuid: null,
  settings: { url: 'https://hooks.test/x' },
  secretSet: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const channelUuid = '22222222-2222-4222-8222-222222222222'

describe('channel form', () => {
  it('builds each kind of body the contract accepts', () => {
    const email = channelBody(
      { ...emptyChannelForm('email'), name: 'Team', recipients: 'a@x.test, b@x.test\nc@x.test' },
      null,
    )
    expect(email).toEqual({
      ok: true,
      body: { kind: 'email', name: 'Team', recipients: ['a@x.test', 'b@x.test', 'c@x.test'] },
    })
    const webhook = channelBody(
      { ...emptyChannelForm(), name: 'Hook', url: ' https://hooks.test/x ', secret: 's'.repeat(16) },
      null,
    )
    expect(webhook).toEqual({
      ok: true,
      body: { kind: 'webhook', name: 'Hook', url: 'https://hooks.test/x', secret: 's'.repeat(16) },
    })
    const bot = channelBody(
      { ...emptyChannelForm('slack'), name: 'S', slackMode: 'bot', slackChannel: '#sec', token: 'xoxb-1' },
      null,
    )
    expect(bot).toEqual({
      ok: true,
      body: { kind: 'slack', name: 'S', mode: 'bot', channel: '#sec', token: 'xoxb-1' },
    })
    for (const r of [email, webhook, bot])
      if (r.ok) expect(channelBodySchema.safeParse(r.body).success).toBe(true)
  })

  it('never reads a secret back and keeps the stored one when left empty', () => {
    const form = channelFormOf(hook)
    expect(form).toMatchObject({ kind: 'webhook', name: 'Hook', url: 'https://hooks.test/x', secret: '' })
    expect(channelBody(form, hook)).toEqual({
      ok: true,
      body: { kind: 'webhook', name: 'Hook', url: 'https://hooks.test/x' },
    })
    // a new channel, or one whose kind changes, needs its secret
    expect(channelBody(form, null)).toEqual({
      ok: false,
      message: 'Give a signing secret (at least 16 characters).',
    })
    const slack = { ...hook, kind: 'slack' as const, settings: { mode: 'webhook' } }
    expect(channelBody({ ...channelFormOf(slack), slackMode: 'bot', slackChannel: '#a' }, slack)).toEqual({
      ok: false,
      message: 'Give the bot token (xoxb-…).',
    })
    expect(channelBody(channelFormOf(slack), slack)).toEqual({
      ok: true,
      body: { kind: 'slack', name: 'Hook', mode: 'webhook' },
    })
  })

  it('sends the team only when one is chosen', () => {
    const team = '33333333-3333-4333-8333-333333333333'
    const form = { ...emptyChannelForm('email'), name: 'T', recipients: 'a@x.test', teamUuid: team }
    expect(channelBody(form, null)).toEqual({
      ok: true,
      body: { kind: 'email', name: 'T', teamUuid: team, recipients: ['a@x.test'] },
    })
    expect(channelFormOf({ ...hook, teamUuid: team }).teamUuid).toBe(team)
    expect(ruleBody({ ...emptyRuleForm(channelUuid), name: 'R', teamUuid: team })).toMatchObject({
      ok: true,
      body: { teamUuid: team },
    })
    expect(ruleBody({ ...emptyRuleForm(channelUuid), name: 'R' })).not.toMatchObject({
      body: { teamUuid: expect.anything() },
    })
  })

  it('says what is missing', () => {
    expect(channelBody(emptyChannelForm('email'), null)).toEqual({
      ok: false,
      message: 'Give the channel a name.',
    })
    expect(channelBody({ ...emptyChannelForm('email'), name: 'x' }, null)).toEqual({
      ok: false,
      message: 'Give at least one recipient e-mail address.',
    })
  })

  it('shows where a channel sends without a secret', () => {
    expect(channelTarget(hook)).toBe('https://hooks.test/x')
    expect(channelTarget({ ...hook, kind: 'slack', settings: { mode: 'webhook' } })).toBe('Incoming webhook')
    expect(channelTarget({ ...hook, kind: 'slack', settings: { mode: 'bot', channel: '#sec' } })).toBe(
      'Bot in #sec',
    )
  })
})

describe('rule form', () => {
  it('round-trips a rule and builds a body the contract accepts', () => {
    const rule: NotificationRule = {
      uuid: 'r-1',
      name: 'Payments',
      enabled: true,
      teamUuid: null,
      events: ['kev', 'epss'],
      minSeverity: 'HIGH',
      epssThreshold: 0.2,
      projects: { kind: 'tag', tags: ['payments', 'prod'] },
      channelUuid,
      mode: 'digest',
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    const body = ruleBody(ruleFormOf(rule))
    expect(body).toEqual({
      ok: true,
      body: {
        name: 'Payments',
        enabled: true,
        events: ['kev', 'epss'],
        minSeverity: 'HIGH',
        epssThreshold: 0.2,
        projects: { kind: 'tag', tags: ['payments', 'prod'] },
        channelUuid,
        mode: 'digest',
      },
    })
    if (body.ok) expect(ruleBodySchema.safeParse(body.body).success).toBe(true)
    expect(describeProjects(rule.projects)).toBe('Tagged payments, prod')
    expect(describeEvents(rule)).toBe('Newly exploited (KEV), EPSS ≥ 0.2')
  })

  it.each([
    [{ name: '' }, 'Give the rule a name.'],
    [{ events: [] }, 'Choose at least one event.'],
    [{ channelUuid: '' }, 'Choose the channel the rule sends through.'],
    [
      { events: ['epss'], epssThreshold: '1.5' },
      'EPSS threshold: a probability from 0 to 1 (for example 0.1).',
    ],
    [{ projectKind: 'tag', tags: ' ' }, 'Name at least one project tag.'],
    [{ projectKind: 'name', pattern: '' }, 'Give a project name pattern (* any characters, ? one).'],
  ] as const)('refuses %o', (change, message) => {
    expect(ruleBody({ ...emptyRuleForm(channelUuid), name: 'R', ...change } as never)).toEqual({
      ok: false,
      message,
    })
  })

  it('sends no EPSS threshold unless the EPSS event is chosen; a name pattern is kept', () => {
    const r = ruleBody({
      ...emptyRuleForm(channelUuid),
      name: 'R',
      epssThreshold: '0.5',
      projectKind: 'name',
      pattern: 'pay-*',
    })
    expect(r).toMatchObject({
      ok: true,
      body: { epssThreshold: null, projects: { kind: 'name', pattern: 'pay-*' } },
    })
  })
})

describe('delivery failure reason', () => {
  const d: NotificationDelivery = {
    uuid: 'd-1',
    ruleUuid: 'r-1',
    channelUuid: 'c-1',
    channelKind: 'webhook',
    projectUuid: null,
    reportUuid: null,
    status: 'failed',
    items: 1,
    attempts: 2,
    lastError: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    sentAt: null,
    log: [
      { at: '2026-01-01T00:00:00.000Z', ok: false, detail: 'HTTP 500' },
      { at: '2026-01-01T00:01:00.000Z', ok: false, detail: 'HTTP 502' },
    ],
  }
  it('is the last error, else the last failed attempt, else none', () => {
    expect(failureReason({ ...d, lastError: 'webhook answered HTTP 500' })).toBe('webhook answered HTTP 500')
    expect(failureReason(d)).toBe('HTTP 502')
    expect(
      failureReason({ ...d, status: 'sent', log: [{ at: d.createdAt, ok: true, detail: 'HTTP 200' }] }),
    ).toBeNull()
  })
})
