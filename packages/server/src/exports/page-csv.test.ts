// The page's CSV buttons come from the server's one CSV writer (issue 13 item 18): POST
// /api/v1/reports/{vulnerabilities,stability,licenses}_csv/{pid} answers the file at once, narrowed to what
// the page shows (languages, issues only, security Filters, scope), with formula cells defused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, type TestInstance, waitForReport } from '../testing/instance'

const ATTACK = "-2+3+cmd|' /C calc'!A0"
const sbom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'csv-front', version: '1.0.0', 'bom-ref': 'root' } },
  components: [
    {
      type: 'library',
      'bom-ref': 'evil',
      name: ATTACK,
      version: '1.0.0',
      purl: `pkg:npm/${encodeURIComponent(ATTACK)}@1.0.0`,
      licenses: [{ license: { name: 'Weird licence' } }],
    },
    {
      type: 'library',
      'bom-ref': 'express',
      name: 'express',
      version: '4.17.1',
      purl: 'pkg:npm/express@4.17.1',
      licenses: [{ license: { id: 'MIT' } }],
    },
  ],
  dependencies: [{ ref: 'root', dependsOn: ['evil', 'express'] }],
}

async function upload(url: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([JSON.stringify(sbom)]), 'bom.json')
  const res = await fetch(`${url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
    method: 'POST',
    body: form,
  })
  const body = (await res.json()) as { projectUuid: string }
  expect(res.status, JSON.stringify(body)).toBe(202)
  await waitForReport(url, body.projectUuid, 'main')
  return body.projectUuid
}

describe.each(storageModes())('the page CSVs on %s storage', (mode) => {
  let t: TestInstance
  let pid: string
  beforeAll(async () => {
    t = await startTestInstance(mode)
    pid = await upload(t.url)
  }, 120_000)
  afterAll(async () => t?.close())

  const csv = async (format: string, query: string) => {
    const res = await fetch(`${t.url}/api/v1/reports/${format}/${pid}?branch=main&${query}`, {
      method: 'POST',
    })
    const text = await res.text()
    expect(res.status, text).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    return text.split('\r\n').filter(Boolean)
  }

  it('answers the licences the page shows, formula cells defused', async () => {
    const all = await csv('licenses_csv', 'issuesOnly=false')
    expect(all).toHaveLength(3)
    expect(all.find((line) => line.includes('cmd|'))).toMatch(/^'-2\+3\+cmd/)
    expect(all.join('\n')).not.toMatch(/,-2\+3\+cmd/)
    expect(await csv('licenses_csv', 'languages=java')).toHaveLength(1)
    expect(await csv('licenses_csv', 'languages=nodejs,java')).toHaveLength(3)
  })

  it('answers every CSV at once and refuses a view it cannot read, naming the field', async () => {
    for (const format of ['vulnerabilities_csv', 'stability_csv', 'licenses_csv'])
      expect((await csv(format, 'severities=CRITICAL,HIGH&epss=0,100&cvss=7,10&issuesOnly=true'))[0]).toMatch(
        /^[A-Z]/,
      )
    const bad = await fetch(`${t.url}/api/v1/reports/vulnerabilities_csv/${pid}?branch=main&cvss=9,11`, {
      method: 'POST',
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/cvss/)
    const severity = await fetch(
      `${t.url}/api/v1/reports/vulnerabilities_csv/${pid}?branch=main&severities=EVIL`,
      {
        method: 'POST',
      },
    )
    expect(severity.status).toBe(400)
  })
})
