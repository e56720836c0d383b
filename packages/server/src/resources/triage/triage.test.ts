// Triage over HTTP (issue 19 "Analysis states", acceptance 1 server half): bulk analysis of findings with
// justification and expiry, scores that change after recompute, the finding back with a notice once
// the expiry has passed, the `.meterian` download and v2 exclusion routes seeing triaged findings, the
// audit trail, removal through the exclusion routes, and §6: Viewers and anonymous callers refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recomputeAndWait, startWithAdvisories, uploadTinyApp } from '../../testing/advisory-instance'
import { storageModes } from '../../testing/databases'
import { TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'
import { memberOfAccount } from '../admin/test-kit'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }
const ADVICE = 'GHSA-test-ms00-0001'
const advisory = {
  id: ADVICE,
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0001'],
  summary: 'ms is slow on long strings',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}

interface Advice {
  id: string
  exclusions?: { id: string; reason: string; analysis?: { state: string } }[]
  expiredExclusions?: { id: string; expires: string }[]
}
interface Doc {
  uuid: string
  security: {
    score: number
    summary: Record<string, { high: number; exclusions: number }>
    assessments: {
      reports: { dependency: { library: { name: string }; version: string }; advices: Advice[] }[]
    }[]
  }
  notes: { message: string }[]
}

const ms = (version: string) => ({ library: { name: 'ms', language: 'nodejs' }, version, adviceId: ADVICE })

describe.each(storageModes())('triage on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { headers: init.body ? json : admin, ...init })
  const triage = (body: unknown, headers: Record<string, string> = json) =>
    fetch(`${t.url}/api/v2/triage/${pid}/main`, { method: 'POST', headers, body: JSON.stringify(body) })
  const latest = async () => (await (await api(`/api/v1/reports/${pid}/full?branch=main`)).json()) as Doc
  const adviceOf = (doc: Doc, version: string) =>
    doc.security.assessments
      .flatMap((a) => a.reports)
      .find((r) => r.dependency.library.name === 'ms' && r.dependency.version === version)!.advices[0]!
  const recompute = () => recomputeAndWait<Doc>(t.url, admin, pid)

  beforeAll(async () => {
    t = await startWithAdvisories(mode, [advisory])
    pid = await uploadTinyApp(t.url, admin)
  }, 60_000)
  afterAll(async () => t?.close())

  it('refuses Viewers and anonymous callers, and changes nothing', async () => {
    const { rows } = await t.sextant.db.query<{ account_uuid: string }>(
      'SELECT account_uuid FROM projects WHERE uuid = $1',
      [pid],
    )
    const viewer = await memberOfAccount(t.sextant.db, rows[0]!.account_uuid, 'viewer@triage.test', 'Viewer')
    const body = { findings: [ms('2.1.3')], analysis: { state: 'in_triage' } }
    expect(
      (await triage(body, { authorization: viewer.auth, 'content-type': 'application/json' })).status,
    ).toBe(403)
    expect((await triage(body, { 'content-type': 'application/json' })).status).toBe(401)
    expect(await (await api(`/api/v2/triage/${pid}/main`)).json()).toEqual([])
  })

  it('asks for a detail when the state excludes the finding, and names bad words', async () => {
    const blank = await triage({ findings: [ms('2.1.3')], analysis: { state: 'not_affected', detail: ' ' } })
    expect(blank.status).toBe(400)
    expect(((await blank.json()) as { message: string }).message).toBe('Please add a reasonable description')
    const bad = await triage({
      findings: [ms('2.1.3')],
      analysis: { state: 'not_affected', justification: 'because' },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('justification')
  })

  it('excludes the one triaged finding after recompute, with its analysis; the other version stays', async () => {
    const before = await latest()
    const res = await triage({
      findings: [ms('2.1.3')],
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        responses: ['will_not_fix'],
        detail: 'only parses constant strings',
        expires: '2999-12-31',
      },
    })
    const set = (await res.json()) as { state: string; exclusionId: string | null; expires: string }[]
    expect(res.status, JSON.stringify(set)).toBe(200)
    expect(set).toEqual([expect.objectContaining({ state: 'not_affected', expires: '2999-12-31' })])
    expect(set[0]!.exclusionId).toBeTruthy()
    // the exclusion routes and the .meterian download see it, with its analysis
    const list = (await (await api(`/api/v2/exclusions/${pid}/main`)).json()) as {
      id: string
      reason: string
      analysis?: unknown
    }[]
    expect(list).toEqual([
      expect.objectContaining({
        id: set[0]!.exclusionId,
        reason: 'unapplicable',
        expires: '2999-12-31',
        analysis: expect.objectContaining({ state: 'not_affected' }),
      }),
    ])
    const file = (await (await api(`/api/v2/exclusions/${pid}/main/file`)).json()) as {
      exclusions: { security: { advices: unknown[] } }
    }
    expect(file.exclusions.security.advices).toEqual([
      expect.objectContaining({
        uuid: ADVICE,
        library: { language: 'nodejs', name: 'ms' },
        version: '2.1.3',
        state: 'not_affected',
        justification: 'code_not_reachable',
        expires: '2999-12-31',
      }),
    ])
    const after = await recompute()
    expect(adviceOf(after, '2.1.3').exclusions).toEqual([
      expect.objectContaining({
        reason: 'unapplicable',
        analysis: expect.objectContaining({ state: 'not_affected' }),
      }),
    ])
    expect(adviceOf(after, '2.1.2').exclusions).toBeUndefined()
    expect(after.security.summary.nodejs!.exclusions).toBe(before.security.summary.nodejs!.exclusions + 1)
    expect(after.security.score).toBeGreaterThan(before.security.score)
  })

  it('brings the finding back with a notice once the expiry date has passed', async () => {
    const res = await triage({
      findings: [ms('2.1.3')],
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        detail: 'only parses constant strings',
        expires: '2020-01-01',
      },
    })
    expect(res.status).toBe(200)
    const state = (await (await api(`/api/v1/reports/${pid}/recompute?branch=main`)).json()) as {
      areExclusionsDifferent?: boolean
    }
    expect(state.areExclusionsDifferent).toBe(true)
    const doc = await recompute()
    const advice = adviceOf(doc, '2.1.3')
    expect(advice.exclusions).toBeUndefined()
    expect(advice.expiredExclusions).toEqual([expect.objectContaining({ expires: '2020-01-01' })])
    expect(doc.notes.map((n) => n.message)).toContain(
      `Exclusion ${ADVICE} on ms@2.1.3 expired on 2020-01-01: the findings it covered count again.`,
    )
  })

  it('keeps an audit trail; removing the exclusion sends the analysis back to in_triage', async () => {
    const [set] = (await (await api(`/api/v2/triage/${pid}/main`)).json()) as { exclusionId: string }[]
    const del = await api(`/api/v2/exclusions/${pid}/main/${set!.exclusionId}`, { method: 'DELETE' })
    expect(del.status).toBe(200)
    const [now] = (await (await api(`/api/v2/triage/${pid}/main`)).json()) as {
      state: string
      exclusionId: string | null
    }[]
    expect(now).toMatchObject({ state: 'in_triage', exclusionId: null })
    const q = new URLSearchParams({ name: 'ms', language: 'nodejs', version: '2.1.3', adviceId: ADVICE })
    const events = (await (await api(`/api/v2/triage/${pid}/main/events?${q}`)).json()) as {
      actor: string | null
      via: string
      changes: { field: string; from: string | null; to: string | null }[]
    }[]
    expect(events.map((e) => e.via)).toEqual(['triage', 'triage', 'exclusion-removed'])
    expect(events[0]!.changes).toContainEqual({ field: 'state', from: null, to: 'not_affected' })
    expect(events[1]!.changes).toEqual([
      { field: 'responses', from: 'will_not_fix', to: null },
      { field: 'expires', from: '2999-12-31', to: '2020-01-01' },
    ])
    expect(events[2]!.changes).toContainEqual({ field: 'state', from: 'not_affected', to: 'in_triage' })
    expect(events.every((e) => typeof e.actor === 'string' && e.actor.includes('@'))).toBe(true)
    // outsiders (anonymous) never see who did what
    expect((await fetch(`${t.url}/api/v2/triage/${pid}/main/events?${q}`)).status).toBe(401)
  })
})
