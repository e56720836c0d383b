// Plans and features agree (issue 14; spec report-page §6 flags, accounts-and-api §6): new accounts of this
// self-hosted server (the first administrator's, registered ones) have every feature of their plan, the
// PDF bundle limit follows the 'pdf' feature, and migration 055 gives never-configured accounts their
// plan's features exactly as `planFeatures` computes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listMigrations } from '../../db/migrate'
import { signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'
import { features, planFeatures, plans } from './plans'

interface AccountAnswer {
  uuid: string
  plan: string
  features: string[]
  bundle: { limits: { usePDFReports: boolean } }
}

describe('the feature catalogue', () => {
  it('names every feature the report page rules read (report-page §6)', () => {
    const names = features.map((f) => f.name)
    for (const f of [
      'licenses',
      'nextsafe',
      'sbom',
      'advancedsboms',
      'securecodewarrior',
      'pdf',
      'jira',
      'chai',
    ])
      expect(names).toContain(f)
  })
  it('gives every plan only catalogue features, the self-hosted plan all that work here', () => {
    for (const plan of plans) for (const f of plan.features) expect(features.map((x) => x.name)).toContain(f)
    expect(planFeatures('self-hosted')).toEqual(
      expect.arrayContaining([
        'jira',
        'pdf',
        'chai',
        'licenses',
        'sbom',
        'advancedsboms',
        'securecodewarrior',
      ]),
    )
  })
})

describe.each(storageModes())('account features on %s storage', (mode) => {
  let t: TestInstance
  const call = async (path: string, auth: string, init: RequestInit = {}) => {
    const res = await fetch(`${t.url}${path}`, { ...init, headers: { authorization: auth } })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }
  const login = async (body: object) => {
    const res = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`
  }

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_REGISTRATION: 'open' })
  })
  afterAll(async () => t?.close())

  it("gives the first administrator's account and a registered one their plan's features", async () => {
    const admin = await login(TEST_ADMIN)
    const registered = `Bearer ${(await signUp(t, { email: 'dana@plans.test', password: 'dana-password-1' })).accessToken}`
    for (const auth of [admin, registered]) {
      const account = (await call('/api/v1/accounts/me', auth)).json as unknown as AccountAnswer
      expect(account.plan).toBe('self-hosted')
      expect(account.features).toEqual(planFeatures('self-hosted'))
      expect(account.bundle.limits.usePDFReports).toBe(true)
      // the Jira screen's first call: part of the plan, so not 403 'not part of this account's plan'
      const jira = await call(`/api/v1/integrations/jira/accounts/${account.uuid}/config`, auth)
      expect(jira.status, JSON.stringify(jira.json)).toBe(200)
    }
  })

  it('takes the PDF bundle limit from the pdf feature', async () => {
    const admin = await login(TEST_ADMIN)
    const me = (await call('/api/v1/accounts/me', admin)).json as unknown as AccountAnswer
    const set = await call(`/api/v1/accounts/${me.uuid}/features?names=teams,jira`, admin, { method: 'POST' })
    expect(set.status).toBe(200)
    const after = (await call('/api/v1/accounts/me', await login(TEST_ADMIN)))
      .json as unknown as AccountAnswer
    expect(after.features).toEqual(['teams', 'jira'])
    expect(after.bundle.limits.usePDFReports).toBe(false)
    await call(`/api/v1/accounts/${me.uuid}/plan?name=self-hosted`, admin, { method: 'POST' })
  })

  it("migration 055 gives each never-configured account its plan's features, and no other", async () => {
    const db = t.sextant.db
    const made: Record<string, string> = {}
    for (const plan of ['self-hosted', 'enterprise', 'team', 'opensource', 'custom']) {
      const uuid = crypto.randomUUID()
      await db.query(
        "INSERT INTO accounts (uuid, name, email, plan, features) VALUES ($1, $2, $3, $4, '{members}')",
        [uuid, plan, `${plan}@plans.test`, plan],
      )
      made[plan] = uuid
    }
    const chosen = crypto.randomUUID()
    await db.query(
      "INSERT INTO accounts (uuid, name, email, plan, features) VALUES ($1, 'chosen', 'c@plans.test', 'team', '{members,pdf}')",
      [chosen],
    )
    // 055 and every later migration that adds a feature to the plans (091: datadog, 093: rkvst), in order.
    for (const m of listMigrations().filter(
      (m) => m.version === 55 || (m.version > 55 && m.sql.includes('ALTER COLUMN features')),
    ))
      await db.query(m.sql)
    const featuresOf = async (uuid: string) =>
      (await db.query<{ features: string[] }>('SELECT features FROM accounts WHERE uuid = $1', [uuid]))
        .rows[0]!.features
    for (const plan of ['self-hosted', 'enterprise', 'team', 'opensource'])
      expect(await featuresOf(made[plan]!), plan).toEqual(planFeatures(plan))
    expect(await featuresOf(made.custom!)).toEqual(['members'])
    expect(await featuresOf(chosen)).toEqual(['members', 'pdf'])
    const fresh = crypto.randomUUID()
    await db.query("INSERT INTO accounts (uuid, name, email) VALUES ($1, 'fresh', 'f@plans.test')", [fresh])
    expect(await featuresOf(fresh)).toEqual(planFeatures('self-hosted'))
  })
})
