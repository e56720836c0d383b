// A whole server's outbound requests (issue 18 acceptance 3 and 4): an analysis of an npm lockfile and a
// pom.xml (registry metadata, Maven resolution) and the advisory sync all go through HTTP_PROXY, none
// with NO_PROXY matching; a token-protected npm registry and a password-protected Maven repository serve
// the analysis while no response, log line or report holds a secret; a user-chosen repository whose name
// answers public, then loopback, never reaches loopback.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../testing/databases'
import { type GitHttpServer, startGitHttpServer } from '../testing/git-http-server'
import { committedRepository } from '../testing/git-repo'
import { startTestProxy, type TestProxy } from '../testing/http-proxy'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../testing/instance'
import { startTestMavenRepository, type TestMavenRepository } from '../testing/maven-repository'
import { startTestNpmRegistry, type TestNpmRegistry } from '../testing/npm-registry'
import type { Resolve } from './lookup'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const fixture = (...parts: string[]) => new URL(`../${parts.join('/')}`, import.meta.url)
const mavenRoot = fixture('metadata', 'fixtures', 'maven-repo').pathname

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><groupId>org.example</groupId><artifactId>parent</artifactId><version>7</version></parent>
  <artifactId>outbound-app</artifactId>
  <version>1.0.0</version>
  <dependencies>
    <dependency><groupId>org.example</groupId><artifactId>lib</artifactId><version>1.0.0</version></dependency>
    <dependency><groupId>org.example</groupId><artifactId>absent</artifactId><version>1.0</version></dependency>
  </dependencies>
</project>
`

/** Uploads the tiny npm app and the pom.xml; answers the report and what the API said on the way. */
async function analyse(t: TestInstance): Promise<{ report: unknown; answers: string[] }> {
  const form = new FormData()
  for (const name of ['package.json', 'package-lock.json'])
    form.append('file', new Blob([readFileSync(fixture('resources', 'fixtures', name))]), name)
  form.append('file', new Blob([POM]), 'pom.xml')
  const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
    method: 'POST',
    headers: admin,
    body: form,
  })
  const upText = await up.text()
  expect(up.status, upText).toBe(202)
  const { projectUuid } = JSON.parse(upText) as { projectUuid: string }
  const report = await waitForReport(t.url, projectUuid, 'main', admin, 60_000)
  const answers = [upText, JSON.stringify(report)]
  for (const path of [
    `/api/v1/projects/${projectUuid}`,
    '/api/v1/databases',
    '/api/v1/stats/advisories-dbs',
  ]) {
    answers.push(await (await fetch(`${t.url}${path}`, { headers: admin })).text())
  }
  return { report, answers }
}

/** Collects the server's log lines. */
function logSink(): { stream: Writable; lines: string[] } {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  return { stream, lines }
}

const notesOf = (report: unknown) => JSON.stringify(report)

describe('outbound requests of a whole server', () => {
  let registry: TestNpmRegistry
  let maven: TestMavenRepository

  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    maven = await startTestMavenRepository(mavenRoot)
  })
  afterAll(async () => {
    await registry.close()
    await maven.close()
  })

  describe.each([
    ['through HTTP_PROXY', ''],
    ['directly under NO_PROXY', '127.0.0.1'],
  ])('an analysis %s', (_name, noProxy) => {
    let proxy: TestProxy
    let t: TestInstance
    beforeAll(async () => {
      proxy = await startTestProxy()
      registry.resetCounters()
      maven.requests.length = 0
      t = await startTestInstance('embedded', {
        SEXTANT_OFFLINE: 'false',
        SEXTANT_NPM_REGISTRY: registry.url,
        SEXTANT_MAVEN_REPOSITORIES: maven.url,
        // The advisory sync at start-up fetches too: one more outbound path through the proxy.
        SEXTANT_ADVISORY_SOURCES: `${maven.url}osv/none.jsonl`,
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
        NO_PROXY: noProxy,
      })
    }, 60_000)
    afterAll(async () => {
      await t?.close()
      await proxy?.close()
    })

    it('reaches the registry, the repository and the advisory source as configured', async () => {
      const { report } = await analyse(t)
      expect(notesOf(report)).toContain('"name":"ms"')
      expect(registry.totalRequests()).toBeGreaterThan(0)
      expect(maven.requests.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          '/org/example/parent/7/parent-7.pom',
          '/org/example/lib/1.0.0/lib-1.0.0.pom',
          '/osv/none.jsonl',
        ]),
      )
      const remotePorts = [...registry.remotePorts(), ...maven.requests.map((r) => r.remotePort ?? 0)]
      if (noProxy === '') {
        // Every request any server received came on one of the proxy's own connections.
        expect(proxy.connects.length).toBeGreaterThan(0)
        expect(remotePorts.filter((p) => !proxy.upstreamPorts.has(p))).toEqual([])
      } else {
        expect(proxy.connects).toEqual([])
        expect(remotePorts.filter((p) => proxy.upstreamPorts.has(p))).toEqual([])
      }
    }, 90_000)
  })

  describe.each([
    {
      name: 'SEXTANT_NPM_TOKEN and user:password@ in SEXTANT_MAVEN_REPOSITORIES',
      secrets: ['npm-secret-token-1234', 'maven-pass-5678'],
      npmAuthorization: 'Bearer npm-secret-token-1234',
      mavenAuthorization: `Basic ${Buffer.from('deploy:maven-pass-5678').toString('base64')}`,
      env: (npm: string, repo: string) => ({
        SEXTANT_NPM_REGISTRY: npm,
        SEXTANT_NPM_TOKEN: 'npm-secret-token-1234',
        SEXTANT_MAVEN_REPOSITORIES: repo.replace('http://', 'http://deploy:maven-pass-5678@'),
      }),
    },
    {
      name: 'user:password@ in SEXTANT_NPM_REGISTRY and a settings.xml server',
      secrets: ['npm-pass-9999', 'settings-pass-4321'],
      npmAuthorization: `Basic ${Buffer.from('ci:npm-pass-9999').toString('base64')}`,
      mavenAuthorization: `Basic ${Buffer.from('reader:settings-pass-4321').toString('base64')}`,
      env: (npm: string, repo: string) => {
        const dir = tempDir('m2')
        const settings = join(dir, 'settings.xml')
        writeFileSync(
          settings,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Maven's own ${env.NAME} syntax
          '<settings><servers><server><id>corp</id><username>reader</username><password>${env.CORP_MAVEN_PASSWORD}</password></server></servers></settings>',
        )
        return {
          SEXTANT_NPM_REGISTRY: npm.replace('http://', 'http://ci:npm-pass-9999@'),
          SEXTANT_MAVEN_REPOSITORIES: `corp=${repo}`,
          SEXTANT_MAVEN_SETTINGS: settings,
          CORP_MAVEN_PASSWORD: 'settings-pass-4321',
        }
      },
    },
  ])('private registries with $name', (c) => {
    let privateNpm: TestNpmRegistry
    let privateMaven: TestMavenRepository
    let t: TestInstance
    const log = logSink()
    beforeAll(async () => {
      privateNpm = await startTestNpmRegistry({ authorization: c.npmAuthorization })
      privateMaven = await startTestMavenRepository(mavenRoot, { authorization: c.mavenAuthorization })
      t = await startTestInstance(
        'embedded',
        { SEXTANT_OFFLINE: 'false', LOG_LEVEL: 'trace', ...c.env(privateNpm.url, privateMaven.url) },
        { log: log.stream },
      )
    }, 60_000)
    afterAll(async () => {
      await t?.close()
      await privateNpm?.close()
      await privateMaven?.close()
    })

    it('serve the analysis, and no answer, log line or report holds a secret', async () => {
      const { report, answers } = await analyse(t)
      // Served: the registries answered (they refuse anyone without the credential).
      expect(notesOf(report)).toContain('"name":"ms"')
      expect(privateNpm.lastHeaders('ms')?.authorization).toBe(c.npmAuthorization)
      expect(notesOf(report)).not.toMatch(/HTTP 401|authentication required/)
      expect(privateMaven.requests.length).toBeGreaterThan(0)
      expect(privateMaven.requests.every((r) => r.authorization === c.mavenAuthorization)).toBe(true)
      // The report names the repository of what was not found, without its login.
      expect(notesOf(report)).toContain(privateMaven.url.replace(/\/$/, ''))
      const forms = [
        ...c.secrets,
        ...[c.npmAuthorization, c.mavenAuthorization].map((h) => h.replace(/^(Basic|Bearer) /, '')),
      ]
      const text = [...answers, ...log.lines].join('\n')
      expect(log.lines.length).toBeGreaterThan(10)
      for (const secret of forms) expect(text, secret).not.toContain(secret)
    }, 90_000)
  })

  describe('a repository whose name answers public, then loopback', () => {
    let git: GitHttpServer
    let t: TestInstance
    beforeAll(async () => {
      const { root } = committedRepository({ 'package.json': '{"name":"rebound","version":"1.0.0"}\n' })
      git = await startGitHttpServer(root)
      // Public to the three checks (project created, refresh asked, refresh job), loopback afterwards.
      let lookups = 0
      const resolve: Resolve = async () => [
        { address: ++lookups <= 3 ? '93.184.216.34' : '127.0.0.1', family: 4 },
      ]
      t = await startTestInstance('embedded', {}, { outbound: { resolve } })
    }, 60_000)
    afterAll(async () => {
      await t?.close()
      await git?.close()
    })

    it('is accepted when given, and its clone never reaches loopback', async () => {
      const created = await fetch(`${t.url}/api/v1/projects`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://git.rebind.test:${git.port}/repo.git` }),
      })
      expect(created.status).toBe(200)
      const { uuid } = (await created.json()) as { uuid: string }
      const refresh = await fetch(`${t.url}/api/v1/pull-server/projects/${uuid}?branch=main`, {
        method: 'POST',
        headers: admin,
      })
      expect(refresh.status, await refresh.clone().text()).toBeLessThan(300)
      const failed = await waitForReport(t.url, uuid, 'main', admin, 30_000).catch((e: unknown) => e)
      expect(String(failed)).toContain('git.rebind.test resolves to 127.0.0.1')
      expect(git.requests).toEqual([])
    }, 60_000)
  })
})
