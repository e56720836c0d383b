// The spine's API end to end on each storage mode (issue 2 acceptance 1, 2, 5): health, identity,
// uploads → job → report, history, and bad input answering 400/404/413 with nothing stored.
import { readFileSync } from 'node:fs'
import { reportSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../testing/instance'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

function sbomForm(content: Buffer | string, filename = 'bom.json'): FormData {
  const form = new FormData()
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename)
  return form
}

describe.each(storageModes())('API on %s storage', (mode) => {
  let t: TestInstance
  const count = async (table: string) =>
    Number((await t.sextant.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)

  beforeAll(async () => {
    t = await startTestInstance(mode, {
      SEXTANT_BODY_LIMIT_MB: '1',
      SEXTANT_MAVEN_REPOSITORIES: 'file:///usr/share/maven-repo',
    })
  })
  afterAll(async () => t?.close())

  it('answers the health check without auth', async () => {
    const res = await fetch(`${t.url}/admin/server/site/healthcheck`)
    expect(res.status).toBe(200)
    const body = await res.json()
    // no advisory was imported here: the server is up (200, for load balancers) but not healthy (issue 14)
    expect(body).toMatchObject({
      service: 'site',
      healthy: false,
      details: {
        database: { healthy: true },
        jobs: { healthy: true },
        advisories: { healthy: false, critical: false, message: expect.stringMatching(/^no advisories: /) },
      },
      advisories: { state: 'empty', records: 0 },
    })
  })

  it('serves the OpenAPI document of every route at /api/docs without auth', async () => {
    const res = await fetch(`${t.url}/api/docs`)
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/v1/uploads/{projectId}/sbom-cdx.json'].post.requestBody).toBeDefined()
  })

  it('serves the default account to callers without a header', async () => {
    const me = await (await fetch(`${t.url}/api/v1/accounts/me`)).json()
    const def = await (await fetch(`${t.url}/api/v1/accounts/default`)).json()
    expect(me).toMatchObject({ default: true, sysadmin: false })
    expect(def.uuid).toBe(me.uuid)
  })

  it('signs the administrator in and knows them by Bearer and by the bootstrap Token', async () => {
    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    expect(login.status).toBe(200)
    const { accessToken } = await login.json()
    const bearer = await (
      await fetch(`${t.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()
    expect(bearer).toMatchObject({
      email: TEST_ADMIN.email,
      sysadmin: true,
      membership: { role: 'Administrator' },
    })
    const token = await fetch(`${t.url}/api/v1/accounts/me`, {
      headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` },
    })
    expect((await token.json()).default).toBe(false)
  })

  it("lists the default account's public projects for anyone, and 404s a malformed account id", async () => {
    const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    for (const headers of [{}, admin]) {
      const res = await fetch(`${t.url}/api/v1/accounts/default/projects`, { headers })
      expect(res.status).toBe(200)
      expect(Array.isArray(await res.json())).toBe(true)
    }
    expect((await fetch(`${t.url}/api/v1/accounts/not-a-uuid/projects`, { headers: admin })).status).toBe(404)
  })

  it('refuses a wrong password and an unknown token with the one error shape', async () => {
    const bad = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: 'nope' }),
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({
      status: 401,
      error: 'UNAUTHORIZED',
      message: expect.stringContaining('Credentials not valid'),
    })
    const unknown = await fetch(`${t.url}/api/v1/users/me`, {
      headers: { authorization: 'Token 00000000-0000-4000-8000-00000000dead' },
    })
    expect(unknown.status).toBe(401)
  })

  it('turns an uploaded CycloneDX SBOM into a stored report', async () => {
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm(fixture('small.cdx.json')),
    })
    expect(res.status).toBe(202)
    const upload = await res.json()
    expect(upload).toMatchObject({ branch: 'main', status: 'QUEUED' })
    const report = await waitForReport(t.url, upload.projectUuid, 'main')
    expect(() => reportSchema.parse(report)).not.toThrow()
    // no advisories and no registry in this instance: honest about both, licences from the SBOM itself
    expect(report).toMatchObject({
      status: 'PARTIAL',
      project: { uuid: upload.projectUuid, branch: 'main' },
      summary: { components: 3 },
      security: { score: null, assessment: { state: 'none' } },
      stability: { score: null, assessment: { state: 'none' } },
      licensing: { score: 100, assessment: { state: 'complete' } },
      outcome: 'FAIL',
    })
    expect((report.gaps as { kind: string }[]).map((g) => g.kind)).toEqual([
      'no-advisory-data',
      'missing-metadata',
    ])
    const project = await (await fetch(`${t.url}/api/v1/projects/${upload.projectUuid}`)).json()
    expect(project).toMatchObject({ name: 'shop-front', branches: ['main'] })
    const history = await (
      await fetch(`${t.url}/api/v1/reports/${upload.projectUuid}/history?limit=20&branch=main`)
    ).json()
    expect(history).toHaveLength(1)
    expect(history[0].uuid).toBe(report.uuid)
  })

  it('turns uploaded manifests into a report with scopes and a second branch', async () => {
    const form = new FormData()
    form.append('file', new Blob([fixture('package.json')]), 'package.json')
    form.append('file', new Blob([fixture('package-lock.json')]), 'package-lock.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=feature%2Fx`, {
      method: 'POST',
      body: form,
    })
    expect(res.status).toBe(202)
    const upload = await res.json()
    const report = await waitForReport(t.url, upload.projectUuid, 'feature/x')
    expect(report).toMatchObject({ summary: { components: 3 }, project: { branch: 'feature/x' } })
    const reports = (
      report.security as {
        assessments: {
          reports: { dependency: { library: { name: string }; version: string }; scope: string }[]
        }[]
      }
    ).assessments[0]!.reports
    expect(
      reports.map((r) => `${r.dependency.library.name}@${r.dependency.version}:${r.scope}`).sort(),
    ).toEqual(['debug@4.3.4:dev', 'ms@2.1.2:dev', 'ms@2.1.3:prod'])
  })

  it('accepts a second branch uploaded to an existing project, anonymously with its key and as its owner', async () => {
    const first = await (
      await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        body: sbomForm(fixture('small.cdx.json')),
      })
    ).json()
    // Anonymous scans of an existing public project need its upload key (issue 13 item 10).
    const again = await fetch(`${t.url}/api/v1/uploads/${first.projectUuid}/sbom-cdx.json?branch=dev`, {
      method: 'POST',
      body: sbomForm(fixture('small.cdx.json')),
      headers: { 'x-upload-key': first.uploadKey },
    })
    expect(again.status).toBe(202)
    await waitForReport(t.url, first.projectUuid, 'dev')

    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    const headers = { authorization: `Bearer ${(await login.json()).accessToken}` }
    const own = await (
      await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        body: sbomForm(fixture('small.cdx.json')),
        headers,
      })
    ).json()
    const second = await fetch(`${t.url}/api/v1/uploads/${own.projectUuid}/sbom-cdx.json?branch=dev`, {
      method: 'POST',
      body: sbomForm(fixture('small.cdx.json')),
      headers,
    })
    expect(second.status).toBe(202)
    await waitForReport(t.url, own.projectUuid, 'dev', headers)
    const project = await (await fetch(`${t.url}/api/v1/projects/${own.projectUuid}`, { headers })).json()
    expect(project.branches).toEqual(['main', 'dev'])
    // A private project is invisible to anonymous callers: 404, not 403.
    expect((await fetch(`${t.url}/api/v1/projects/${own.projectUuid}`)).status).toBe(404)
  })

  it('resolves an uploaded Maven multi-module build through the Maven repository', async () => {
    const dir = new URL('../../../engine/src/resolvers/maven/fixtures/multi-module/', import.meta.url)
    const form = new FormData()
    for (const path of ['pom.xml', 'core/pom.xml', 'app/pom.xml']) {
      form.append('file', new Blob([readFileSync(new URL(path, dir))]), path)
    }
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      body: form,
    })
    const upload = await res.json()
    expect(res.status, JSON.stringify(upload)).toBe(202)
    expect(upload.files).toEqual(['pom.xml'])
    const report = await waitForReport(t.url, upload.projectUuid, 'main')
    const names = (
      report.security as { assessments: { reports: { dependency: { library: { name: string } } }[] }[] }
    ).assessments
      .flatMap((a) => a.reports)
      .map((r) => r.dependency.library.name)
    expect(names).toContain('org.slf4j:slf4j-api')
  })

  it('resolves an uploaded Gradle build: platform() versions from the BOM in the Maven repository', async () => {
    const form = new FormData()
    const script = [
      'dependencies {',
      "  implementation platform('com.fasterxml.jackson:jackson-bom:2.14.0')",
      "  implementation 'com.fasterxml.jackson.core:jackson-databind'",
      '}',
    ].join('\n')
    form.append('file', new Blob([script]), 'build.gradle')
    form.append('file', new Blob(["rootProject.name = 'gradle-app'"]), 'settings.gradle')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      body: form,
    })
    const upload = await res.json()
    expect(res.status, JSON.stringify(upload)).toBe(202)
    const report = await waitForReport(t.url, upload.projectUuid, 'main')
    const deps = (
      report.security as {
        assessments: { reports: { dependency: { library: { name: string }; version: string } }[] }[]
      }
    ).assessments
      .flatMap((a) => a.reports)
      .map((r) => `${r.dependency.library.name}@${r.dependency.version}`)
    // Debian's jackson-bom manages jackson-databind at its rewritten version 2.x (mvn reads the same)
    expect(deps).toContain('com.fasterxml.jackson.core:jackson-databind@2.x')
  })

  it("scores with the account's configured thresholds and algorithm", async () => {
    const headers = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    const account = await (await fetch(`${t.url}/api/v1/accounts/me`, { headers })).json()
    const set = await fetch(`${t.url}/api/v1/accounts/${account.uuid}/configuration`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        thresholds: { security: 42, stability: 43, licensing: 44 },
        scoringAlgorithm: 'severity',
      }),
    })
    expect(set.status).toBe(200)
    // its own project: the same SBOM without a name would join the admin's earlier 'shop-front' project
    const up = await (
      await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&name=thresholds-check`, {
        method: 'POST',
        body: sbomForm(fixture('small.cdx.json')),
        headers,
      })
    ).json()
    const report = await waitForReport(t.url, up.projectUuid, 'main', headers)
    expect(report.thresholds).toEqual({ security: 42, stability: 43, licensing: 44 })
    const history = await (
      await fetch(`${t.url}/api/v1/reports/${up.projectUuid}/history?branch=main`, { headers })
    ).json()
    expect(history[0]).toMatchObject({ minSecurityScore: 42, minStabilityScore: 43, minLicensingScore: 44 })
    await fetch(`${t.url}/api/v1/accounts/${account.uuid}/configuration`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        thresholds: { security: 90, stability: 80, licensing: 95 },
        scoringAlgorithm: 'cvss',
      }),
    })
  })

  it('answers 404 NOT FOUND for a branch without a report and for unknown projects', async () => {
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm(fixture('small.cdx.json')),
    })
    const { projectUuid } = await res.json()
    const none = await fetch(`${t.url}/api/v1/reports/${projectUuid}/full?branch=nope`)
    expect(none.status).toBe(404)
    expect((await none.json()).error).toBe('NOT FOUND')
    for (const path of [
      '/api/v1/projects/8a5c2b8e-1111-4222-8333-444455556666',
      '/api/v1/reports/not-a-uuid/full?branch=main',
    ]) {
      expect((await fetch(t.url + path)).status).toBe(404)
    }
    const upload = await fetch(
      `${t.url}/api/v1/uploads/8a5c2b8e-1111-4222-8333-444455556666/sbom-cdx.json?branch=main`,
      {
        method: 'POST',
        body: sbomForm(fixture('small.cdx.json')),
      },
    )
    expect(upload.status).toBe(404)
  })

  it('reads a CycloneDX XML posted to sbom-cdx.json as XML, by its content (issue 14)', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1">
  <metadata><component type="application" bom-ref="root"><name>xml-app</name><version>1.0.0</version></component></metadata>
  <components>
    <component type="library" bom-ref="ms"><name>ms</name><version>2.1.3</version><purl>pkg:npm/ms@2.1.3</purl></component>
  </components>
  <dependencies><dependency ref="root"><dependency ref="ms"/></dependency></dependencies>
</bom>`
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm(xml, 'sbom-cdx.json'),
    })
    expect(res.status).toBe(202)
    const upload = await res.json()
    const report = await waitForReport(t.url, upload.projectUuid, 'main')
    expect(report).toMatchObject({ summary: { components: 1, direct: 1, unknownRelationships: 0 } })
    const broken = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm('<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components>', 'sbom-cdx.json'),
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).message).toMatch(/^sbom-cdx\.json \(read as CycloneDX XML\)/)
  })

  it('refuses a malformed SBOM or lockfile with 400 naming the file, and stores nothing', async () => {
    const before = [await count('projects'), await count('analyses')]
    const sbom = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm('{"bomFormat": "CycloneDX", '),
    })
    expect(sbom.status).toBe(400)
    // named as it was sent (issue 14), never as a file the user did not send
    const sbomError = (await sbom.json()).message
    expect(sbomError).toMatch(/^bom\.json, line 1: invalid JSON/)
    expect(sbomError).not.toMatch(/bom\.cdx\.json/)
    const form = new FormData()
    form.append('file', new Blob([fixture('package.json')]), 'package.json')
    form.append('file', new Blob(['{ "lockfileVersion": 3, "packages": { \n oops']), 'package-lock.json')
    const lock = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      body: form,
    })
    expect(lock.status).toBe(400)
    const body = await lock.json()
    expect(body.message).toMatch(/package-lock\.json/)
    expect(body.details[0]).toMatchObject({ file: 'package-lock.json' })
    expect([await count('projects'), await count('analyses')]).toEqual(before)
  })

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const before = await count('analyses')
    const big = Buffer.alloc(1024 * 1024 + 10, 32)
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      body: sbomForm(big),
    })
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(/limit is 1 MB/)
    expect(await count('analyses')).toBe(before)
  })
})
