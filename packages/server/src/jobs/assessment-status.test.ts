// Issue 14 "Report status" through the whole pipeline (upload → analyse job → stored report → builds API),
// on each storage mode, offline with no advisories and a cold registry cache: a pom.xml whose BOM cannot be
// fetched is PARTIAL with the incomplete graph in its gaps (the banner's text), an SBOM of only ecosystems
// Sextant cannot assess is UNSUPPORTED, a CycloneDX XML SBOM without a dependency graph keeps its
// relationships unknown; no domain has a score, and the CI exit code follows the status.
import { CLI_EXIT_CODES } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestReport } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId><artifactId>bom-import</artifactId><version>1.0</version>
  <dependencyManagement><dependencies>
    <dependency><groupId>com.fasterxml.jackson</groupId><artifactId>jackson-bom</artifactId><version>2.14.0</version><scope>import</scope><type>pom</type></dependency>
  </dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>2.0.9</version></dependency>
  </dependencies>
</project>`

const GOLANG_SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: [
    {
      type: 'library',
      name: 'github.com/pkg/errors',
      version: '0.9.1',
      purl: 'pkg:golang/github.com/pkg/errors@0.9.1',
    },
    { type: 'library', name: 'zlib1g', version: '1:1.2.13', purl: 'pkg:deb/debian/zlib1g@1:1.2.13' },
  ],
})

const GRAPHLESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1">
  <components>
    <component type="library"><name>lodash</name><version>4.17.21</version><purl>pkg:npm/lodash@4.17.21</purl></component>
    <component type="library"><name>ms</name><version>2.1.3</version><purl>pkg:npm/ms@2.1.3</purl></component>
  </components>
</bom>`

describe.each(storageModes())('report status from what happened, on %s storage', (mode) => {
  let t: TestInstance
  const api = () => ({ url: t.url, headers: admin })

  async function upload(route: string, name: string, files: [string, string][]): Promise<string> {
    const form = new FormData()
    for (const [path, content] of files) form.append('file', new Blob([content]), path)
    const res = await fetch(`${t.url}/api/v1/uploads/new/${route}?branch=main&name=${name}`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    if (res.status !== 202) throw new Error(`${name}: ${res.status} ${await res.text()}`)
    const pid = ((await res.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', admin, 40_000)
    return pid
  }

  /** The CI outcome of a build of the same files on branch ci. */
  async function buildExitCode(pid: string, files: [string, string][]): Promise<number | null> {
    const created = await fetch(`${t.url}/api/v1/builds`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ projectUuid: pid, branch: 'ci' }),
    })
    const { uuid } = (await created.json()) as { uuid: string }
    const form = new FormData()
    for (const [path, content] of files) form.append('file', new Blob([content]), path)
    await fetch(`${t.url}/api/v1/builds/${uuid}/files`, { method: 'POST', headers: admin, body: form })
    await fetch(`${t.url}/api/v1/builds/${uuid}/start`, { method: 'POST', headers: admin })
    for (const deadline = Date.now() + 40_000; Date.now() < deadline; ) {
      const state = (await (await fetch(`${t.url}/api/v1/builds/${uuid}`, { headers: admin })).json()) as {
        status: string
        exitCode: number | null
      }
      if (state.status === 'DONE' || state.status === 'FAILED') return state.exitCode
      await new Promise((r) => setTimeout(r, 150))
    }
    throw new Error('the build did not finish')
  }

  beforeAll(async () => {
    // offline, no advisory source, no registry cache: nothing can be fetched
    t = await startTestInstance(mode, { SEXTANT_OFFLINE: 'true' })
  }, 60_000)
  afterAll(async () => t?.close())

  it('a pom.xml whose BOM cannot be fetched is PARTIAL and says what is missing', async () => {
    const files: [string, string][] = [['pom.xml', POM]]
    const pid = await upload('manifests', 'unfetchable-bom', files)
    const report = await latestReport(api(), pid)
    expect(report.status).toBe('PARTIAL')
    const graph = report.gaps.find((g) => g.kind === 'incomplete-graph')
    expect(graph?.message).toMatch(/could not be fetched or resolved/)
    expect(graph?.domains).toEqual(['security', 'stability', 'licensing'])
    expect(graph?.examples.join(' ')).toMatch(/jackson-bom|SEXTANT_OFFLINE/)
    for (const domain of ['security', 'stability', 'licensing'] as const) {
      expect(report[domain].score, domain).toBeNull()
      expect(report[domain].assessment.state, domain).not.toBe('complete')
    }
    expect(report.outcome).toBe('FAIL')
    expect(await buildExitCode(pid, files)).toBe(7)
  }, 90_000)

  it('an SBOM of only ecosystems Sextant cannot assess is UNSUPPORTED', async () => {
    const files: [string, string][] = [['bom.cdx.json', GOLANG_SBOM]]
    const pid = await upload('sbom-cdx.json', 'golang-only', files)
    const report = await latestReport(api(), pid)
    expect(report.status).toBe('UNSUPPORTED')
    expect(new Set(report.gaps.map((g) => g.kind))).toEqual(new Set(['unsupported-ecosystem']))
    expect(report.gaps[0]?.message).toMatch(/golang 1, other 1/)
    expect([report.security.score, report.stability.score, report.licensing.score]).toEqual([
      null,
      null,
      null,
    ])
    expect(await buildExitCode(pid, [['bom.cdx.json', GOLANG_SBOM]])).toBe(CLI_EXIT_CODES.unsupportedProject)
  }, 90_000)

  it('a CycloneDX XML SBOM without a graph, sent as sbom-cdx.json: relationships unknown', async () => {
    const pid = await upload('sbom-cdx.json', 'graphless-xml', [['sbom-cdx.json', GRAPHLESS_XML]])
    const report = await latestReport(api(), pid)
    expect(report.summary).toMatchObject({ components: 2, direct: 0, transitive: 0, unknownRelationships: 2 })
    const components = report.security.assessments.flatMap((a) => a.reports)
    expect(components.map((c) => c.relationshipUnknown)).toEqual([true, true])
    expect(report.status).toBe('PARTIAL')
  }, 90_000)
})
