// Instance licences (issue 17 acceptance 4; spec accounts-and-api §7 "Licence server"): licence files
// signed with a test Ed25519 key; a bad signature, an expired licence, an unknown plan and too few seats
// are refused with clear messages; activate and release change the account's plan and features; only a
// system administrator may touch them; with none installed the server runs unlicensed.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { canonicalLicence, type LicenceTerms } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'
import { planFeatures } from '../accounts/plans'
import { type Loose, memberInNewAccount, memberOfAccount, RecordingApi } from '../admin/test-kit'
import { licenceKeyOf, verifiedLicence } from './licence-file'

const issuer = generateKeyPairSync('ed25519')
const stranger = generateKeyPairSync('ed25519')
const rawKey = (k: KeyObject) =>
  (k.export({ format: 'der', type: 'spki' }) as Buffer).subarray(12).toString('base64')

function licenceFile(
  terms: Partial<LicenceTerms>,
  key: KeyObject = issuer.privateKey,
  tamper?: Partial<LicenceTerms>,
) {
  const licence: LicenceTerms = {
    id: 'L-1',
    licensee: 'ACME Ltd',
    plan: 'enterprise',
    seats: 10,
    issuedAt: '2026-01-01T00:00:00Z',
    expiresAt: '2099-01-01T00:00:00Z',
    ...terms,
  }
  const signature = sign(null, Buffer.from(canonicalLicence(licence)), key).toString('base64')
  return JSON.stringify({ licence: { ...licence, ...tamper }, signature })
}

describe('licence files', () => {
  it('reads the key as PEM or raw base64 and verifies offline', () => {
    const pem = issuer.publicKey.export({ format: 'pem', type: 'spki' }).toString()
    for (const text of [pem, rawKey(issuer.publicKey)]) {
      const key = licenceKeyOf(text)
      expect(key.ok).toBe(true)
      if (key.ok) expect(verifiedLicence(licenceFile({}), key.value, new Date()).ok).toBe(true)
    }
    expect(licenceKeyOf('not a key')).toMatchObject({ ok: false })
  })
})

describe.each(storageModes())('instance licences on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let sysadmin = ''
  let account = { auth: '', accountUuid: '', membershipUuid: '' }
  const install = (file: string) => api.call('POST', '/api/v1/license', { auth: sysadmin, body: { file } })
  const accountOf = async () =>
    (await api.call('GET', `/api/v1/accounts/${account.accountUuid}`, { auth: account.auth })).json as Loose

  beforeAll(async () => {
    t = await startTestInstance(
      mode,
      { SEXTANT_LICENCE_PUBLIC_KEY: rawKey(issuer.publicKey) },
      { workers: false },
    )
    api = new RecordingApi(t.url)
    sysadmin = `Bearer ${(await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })).json.accessToken}`
    account = await memberInNewAccount(t.sextant.db, 'owner@licensed.test')
    await memberOfAccount(t.sextant.db, account.accountUuid, 'second@licensed.test', 'Viewer')
  })
  afterAll(async () => t?.close())

  it('runs unlicensed with none installed', async () => {
    const list = await api.call('GET', '/api/v1/license', { auth: sysadmin })
    expect(list.json).toEqual({ keyConfigured: true, mode: 'unlicensed', licences: [] })
  })

  it('refuses a bad signature, an expired licence and an unknown plan, naming why', async () => {
    const tampered = await install(licenceFile({}, issuer.privateKey, { seats: 1000 }))
    expect(tampered.status).toBe(400)
    expect(tampered.json.message).toBe(
      'Licence L-1: the signature does not verify with the configured licence key (SEXTANT_LICENCE_PUBLIC_KEY); the file was changed or issued for another server. Refused.',
    )
    const foreign = await install(licenceFile({}, stranger.privateKey))
    expect(foreign.status).toBe(400)
    expect(foreign.json.message).toContain('signature does not verify')
    const expired = await install(licenceFile({ id: 'L-old', expiresAt: '2025-06-30T00:00:00Z' }))
    expect(expired.status).toBe(400)
    expect(expired.json.message).toBe('Licence L-old expired on 2025-06-30. Refused.')
    const plan = await install(licenceFile({ id: 'L-gold', plan: 'gold' }))
    expect(plan.status).toBe(400)
    expect(plan.json.message).toContain("plan 'gold'")
    expect(await install('{"licence":')).toMatchObject({ status: 400 })
    expect((await api.call('GET', '/api/v1/license', { auth: sysadmin })).json.licences).toEqual([])
  })

  it('refuses a licence with fewer seats than the account has members', async () => {
    const one = await install(licenceFile({ id: 'L-one', plan: 'team', seats: 1 }))
    expect(one.status, one.text).toBe(200)
    const refused = await api.call('POST', `/api/v1/license/L-one/activate?account=${account.accountUuid}`, {
      auth: sysadmin,
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe(
      'Licence L-one grants 1 seat; account owner@licensed.test has 2 members. Refused.',
    )
    expect((await accountOf()).plan).toBe('self-hosted')
  })

  it("activates a licence: the account's plan and features follow; release gives them back", async () => {
    const before = await accountOf()
    expect((await install(licenceFile({ plan: 'team', seats: 5 }))).status).toBe(200)
    const on = await api.call('POST', `/api/v1/license/L-1/activate?account=${account.accountUuid}`, {
      auth: sysadmin,
    })
    expect(on.status, on.text).toBe(200)
    expect(on.json).toMatchObject({ id: 'L-1', accountUuid: account.accountUuid, plan: 'team', seats: 5 })
    const licensed = await accountOf()
    expect(licensed.plan).toBe('team')
    expect(licensed.features).toEqual(planFeatures('team'))
    // One licence per account; a taken licence cannot be installed over.
    const second = await api.call('POST', `/api/v1/license/L-one/activate?account=${account.accountUuid}`, {
      auth: sysadmin,
    })
    expect(second.status).toBe(409)
    expect((await install(licenceFile({ plan: 'enterprise' }))).status).toBe(409)
    const list = await api.call('GET', '/api/v1/license', { auth: sysadmin })
    expect(list.json.mode).toBe('licensed')
    const off = await api.call('POST', '/api/v1/license/L-1/release', { auth: sysadmin })
    expect(off.status).toBe(200)
    expect(off.json.accountUuid).toBeNull()
    const after = await accountOf()
    expect([after.plan, after.features]).toEqual([before.plan, before.features])
    expect((await api.call('POST', '/api/v1/license/L-1/release', { auth: sysadmin })).status).toBe(409)
  })

  it('is for system administrators only', async () => {
    expect((await api.call('GET', '/api/v1/license', { auth: account.auth })).status).toBe(403)
    const r = await api.call('POST', `/api/v1/license/L-1/activate?account=${account.accountUuid}`, {
      auth: account.auth,
    })
    expect(r.status).toBe(403)
  })
})
