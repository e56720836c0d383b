// isaac policies over HTTP (spec accounts-and-api §3 Policy, §7 "GET /api/v1/isaac/me/policies; POST
// /api/v1/isaac/me/policies/{sysid}", §6 area "isaac"; issue 7): stored per account, replaced whole,
// bad input refused with a message naming the field and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'
import { membershipOf, sessionFor } from '../admin/test-kit'

const admin = `Token ${TEST_BOOTSTRAP_TOKEN}`

describe.each(storageModes())('isaac policies on %s storage', (mode) => {
  let t: TestInstance
  const call = async (method: string, path: string, body?: unknown, auth: string | null = admin) => {
    const r = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: r.status, json: (await r.json()) as { message?: string } & Record<string, unknown>[] }
  }
  const list = '/api/v1/isaac/me/policies'

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' }, { workers: false })
  })
  afterAll(async () => t?.close())

  it('stores a policy per sysid and replaces it whole', async () => {
    expect((await call('GET', list)).json).toEqual([])
    const set = await call('POST', `${list}/sql-injection.001`, {
      enabled: true,
      severity: 'HIGH',
      tags: [' owasp ', 'OWASP', 'cwe-89'],
    })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({
      sysid: 'sql-injection.001',
      enabled: true,
      severity: 'HIGH',
      tags: ['owasp', 'cwe-89'],
    })
    await call('POST', `${list}/hardcoded-secret`, { enabled: false, severity: 'LOW' })
    const changed = await call('POST', `${list}/sql-injection.001`, { enabled: false, severity: 'CRITICAL' })
    expect(changed.json).toMatchObject({ enabled: false, severity: 'CRITICAL', tags: [] })
    const all = (await call('GET', list)).json
    expect(all.map((p) => [p.sysid, p.enabled, p.severity])).toEqual([
      ['hardcoded-secret', false, 'LOW'],
      ['sql-injection.001', false, 'CRITICAL'],
    ])
  })

  it('refuses bad input with the field named and stores nothing', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['ok-id', {}, /body\.enabled: enabled must be true or false/],
      ['ok-id', { enabled: 'yes', severity: 'HIGH' }, /body\.enabled: enabled must be true or false/],
      ['ok-id', { enabled: true }, /body\.severity: severity must be one of CRITICAL, HIGH, MEDIUM, LOW/],
      ['ok-id', { enabled: true, severity: 'urgent' }, /severity must be one of/],
      ['ok-id', { enabled: true, severity: 'LOW', tags: 'owasp' }, /body\.tags: tags must be a list/],
      ['ok-id', { enabled: true, severity: 'LOW', tags: [''] }, /body\.tags\.0: Each tag is 1 to 64/],
      ['-bad', { enabled: true, severity: 'LOW' }, /path\.sysid: A policy sysid is 1 to 64/],
      ['a'.repeat(65), { enabled: true, severity: 'LOW' }, /A policy sysid is 1 to 64/],
    ]
    for (const [sysid, body, message] of cases) {
      const r = await call('POST', `${list}/${sysid}`, body)
      expect(r.status, `${sysid} ${JSON.stringify(body)}`).toBe(400)
      expect(r.json.message).toMatch(message)
    }
    expect((await call('GET', list)).json).toHaveLength(2)
  })

  it('lets Administrators set policies, other roles read, and keeps accounts apart', async () => {
    await inviteAndAccept(t, admin, 'me', { name: 'V', email: 'viewer@isaac.test', role: 'Viewer' })
    const viewer = await sessionFor(
      t.sextant.db,
      (await membershipOf(t.sextant.db, 'viewer@isaac.test')).uuid,
    )
    expect((await call('GET', list, undefined, viewer)).json).toHaveLength(2)
    expect((await call('POST', `${list}/x1`, { enabled: true, severity: 'LOW' }, viewer)).status).toBe(403)
    expect((await call('GET', list, undefined, null)).status).toBe(401)
    const bob = await signUp(t, { email: 'bob@isaac.test', password: 'bob-password-12' })
    const other = `Bearer ${bob.accessToken}`
    expect((await call('GET', list, undefined, other)).json).toEqual([])
    expect((await call('POST', `${list}/x1`, { enabled: true, severity: 'LOW' }, other)).status).toBe(200)
    expect((await call('GET', list)).json).toHaveLength(2)
  })
})
