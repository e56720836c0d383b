// GET /admin/server/site/network (issue 17 "Site network"; spec accounts-and-api §7, §6) on both storage
// modes, against local fakes of Jira, Datadog and DataTrails: each configured outside service is listed
// with its base address, how many accounts name it, the last success (a Datadog key check), the last
// error (a Datadog address nobody listens on) and the SSRF policy and proxy in force; system
// administrators only; and no credential (integration keys and secrets, the npm registry's user-info, the
// proxy's and SMTP's passwords) appears in the answer.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SiteNetwork } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { type FakeDatadog, startFakeDatadog } from '../../testing/fake-datadog'
import { type FakeDataTrails, startFakeDataTrails } from '../../testing/fake-datatrails'
import { type FakeJira, startFakeJira } from '../../testing/fake-jira'
import { startTestInstance, TEST_ADMIN, type TestInstance } from '../../testing/instance'
import { instanceServices } from './site-network.service'
import { membershipOf, RecordingApi } from './test-kit'

const PATH = '/admin/server/site/network'

/** A local port nobody listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const spare = createServer()
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
  const { port } = spare.address() as AddressInfo
  await new Promise<void>((resolve) => spare.close(() => resolve()))
  return port
}

describe('the instance services from Config', () => {
  it('lists advisory, enrichment, registry, SMTP and assistant addresses without credentials', () => {
    const config = loadConfig({
      SEXTANT_ADVISORY_SOURCES: 'https://osv.mirror.test/npm/all.zip,/var/lib/osv/maven.zip',
      SEXTANT_KEV_SOURCE: 'https://kev.mirror.test/known.json?token=kev-token-secret',
      SEXTANT_NPM_REGISTRY: 'https://npmuser:npm-pass-secret@npm.corp.test/',
      SEXTANT_MAVEN_REPOSITORIES: 'https://mvnuser:mvn-pass-secret@maven.corp.test/releases',
      SEXTANT_SMTP_URL: 'smtp://mailer:smtp-pass-secret@mail.corp.test',
      SEXTANT_ASSISTANT_URL: 'https://llm.corp.test/v1',
      SEXTANT_ASSISTANT_API_KEY: 'llm-key-secret',
    })
    const services = instanceServices(config)
    const text = JSON.stringify(services)
    for (const secret of [
      'npm-pass-secret',
      'mvn-pass-secret',
      'smtp-pass-secret',
      'llm-key-secret',
      'kev-token-secret',
      'npmuser',
      'mailer',
    ])
      expect(text).not.toContain(secret)
    expect(services.map((s) => [s.service, s.baseUrl])).toEqual([
      ['advisories', 'https://osv.mirror.test/npm/all.zip'],
      ['enrichment', 'https://epss.cyentia.com/epss_scores-current.csv.gz'],
      ['enrichment', 'https://kev.mirror.test/known.json?token=***'],
      ['npm-registry', 'https://npm.corp.test/'],
      ['maven-repository', 'https://maven.corp.test/releases'],
      ['smtp', 'smtp://mail.corp.test:587'],
      ['assistant', 'https://llm.corp.test/v1/chat/completions'],
    ])
    // SMTP goes through the client's raw tunnel: its outcomes are recorded under tcp://host:port.
    expect(services.find((s) => s.service === 'smtp')?.probe).toBe('tcp://mail.corp.test:587')
  })
})

describe.each(storageModes())('site network on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let jira: FakeJira
  let dd: FakeDatadog
  let dt: FakeDataTrails
  let deadDatadog = ''
  const auth = { sysadmin: '', admin: '' }
  let network: SiteNetwork

  beforeAll(async () => {
    jira = await startFakeJira()
    dd = await startFakeDatadog()
    dt = await startFakeDataTrails()
    deadDatadog = `http://127.0.0.1:${await closedPort()}`
    const dir = mkdtempSync(join(tmpdir(), 'sx-net-'))
    writeFileSync(join(dir, 'none.jsonl'), '\n')
    t = await startTestInstance(
      mode,
      {
        SEXTANT_ADVISORY_SOURCES: join(dir, 'none.jsonl'),
        SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
        SEXTANT_INTEGRATION_TIMEOUT_SECONDS: '5',
        SEXTANT_REGISTRATION: 'open',
        // Online, with a registry whose user-info must never be shown (nothing is analysed here).
        SEXTANT_OFFLINE: 'false',
        SEXTANT_NPM_REGISTRY: 'https://npmuser:npm-pass-secret@npm.corp.test/',
        HTTPS_PROXY: 'http://proxyuser:proxy-pass-secret@proxy.corp.test:3128',
        NO_PROXY: '127.0.0.1,localhost',
      },
      { workers: false },
    )
    api = new RecordingApi(t.url)
    const login = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    auth.sysadmin = `Bearer ${login.json.accessToken}`
    const account = (await membershipOf(t.sextant.db, TEST_ADMIN.email)).account
    const base = '/api/v1/integrations'
    const as = { auth: auth.sysadmin }
    const saved = [
      await api.call('POST', `${base}/jira/accounts/${account}/config`, {
        ...as,
        body: { baseUrl: jira.url, email: jira.email, apiToken: jira.apiToken },
      }),
      await api.call('POST', `${base}/datadog/accounts/${account}/setup`, {
        ...as,
        body: { site: 'custom', baseUrl: dd.url, apiKey: dd.apiKey },
      }),
      await api.call('POST', `${base}/rkvst/accounts/${account}/credentials`, {
        ...as,
        body: { baseUrl: dt.url, clientId: dt.clientId, clientSecret: dt.clientSecret },
      }),
    ]
    for (const s of saved) expect(s.status, s.text).toBe(200)
    // Reached: Datadog accepts the key.
    const good = await api.call('POST', `${base}/datadog/accounts/${account}/credentials-check`, {
      ...as,
      body: {},
    })
    expect(good.status, good.text).toBe(200)
    // Another account's Datadog address nobody listens on: its check fails to connect.
    const bob = await signUp(t, { email: 'bob@net.test', password: 'bob-password-123' })
    auth.admin = `Bearer ${bob.accessToken}`
    const bobAccount = bob.user.account.uuid
    const dead = await api.call('POST', `${base}/datadog/accounts/${bobAccount}/setup`, {
      auth: auth.admin,
      body: { site: 'custom', baseUrl: deadDatadog, apiKey: 'dd-dead-address-key-0000000000' },
    })
    expect(dead.status, dead.text).toBe(200)
    const failed = await api.call('POST', `${base}/datadog/accounts/${bobAccount}/credentials-check`, {
      auth: auth.admin,
      body: {},
    })
    expect(failed.status, failed.text).toBe(502)
    const answer = await api.call('GET', PATH, as)
    expect(answer.status, answer.text).toBe(200)
    network = answer.json as unknown as SiteNetwork
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await Promise.all([jira?.close(), dd?.close(), dt?.close()])
  })

  const find = (service: string, baseUrl: string) =>
    network.services.find((s) => s.service === service && s.baseUrl.replace(/\/$/, '') === baseUrl)

  it('lists each configured service with its last success or error', () => {
    const reached = find('datadog', dd.url)
    expect(reached).toMatchObject({ accounts: 1, reach: 'any', lastStatus: 200, lastError: null })
    expect(Date.parse(reached?.lastSuccessAt ?? '')).toBeGreaterThan(0)
    const dead = find('datadog', deadDatadog)
    expect(dead).toMatchObject({ accounts: 1, lastSuccessAt: null, lastStatus: null })
    expect(dead?.lastError?.message).toMatch(/refused|unreachable|ECONNREFUSED|connect/i)
    expect(find('jira', jira.url)).toMatchObject({ accounts: 1, label: 'Jira site' })
    expect(find('datatrails', dt.url)).toMatchObject({ accounts: 1, label: 'DataTrails' })
    expect(find('npm-registry', 'https://npm.corp.test')).toMatchObject({
      lastSuccessAt: null,
      lastError: null,
    })
  })

  it('states the SSRF policy and the proxy in force, without the proxy password', () => {
    expect(network.policy).toMatchObject({
      allowPrivateIntegrations: true,
      allowPrivateRepositories: false,
      offline: false,
      proxy: { httpProxy: null, httpsProxy: 'http://proxy.corp.test:3128/', noProxy: '127.0.0.1,localhost' },
      extraCaCerts: false,
      credentialedHosts: 1,
    })
    expect(network.policy.refusedRanges.join(' ')).toContain('loopback')
  })

  it('answers system administrators only', async () => {
    expect((await api.call('GET', PATH, { auth: auth.admin })).status).toBe(403)
    expect((await api.call('GET', PATH)).status).toBe(401)
  })

  it('never answers a credential', () => {
    const text = JSON.stringify(network)
    for (const secret of [
      dd.apiKey,
      'dd-dead-address-key-0000000000',
      dt.clientSecret,
      jira.apiToken,
      'npm-pass-secret',
      'npmuser',
      'proxy-pass-secret',
      'proxyuser',
    ])
      expect(text).not.toContain(secret)
  })
})
