// VEX between instances (issue 19 acceptance 3, VEX half): analysis states set on one instance, exported
// as CycloneDX VEX and as OpenVEX, and imported into a fresh instance holding the same project, reproduce
// the states (CycloneDX: state, justification, responses, detail and expiry; OpenVEX: the states) and
// are recorded as imports in the audit trail. A document that is no VEX is refused naming why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWithAdvisories, uploadTinyApp } from '../../testing/advisory-instance'
import { storageModes } from '../../testing/databases'
import { TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }
const record = (id: string, name: string, fixed: string) => ({
  id,
  modified: '2024-01-01T00:00:00Z',
  aliases: [`CVE-2099-${id.slice(-4)}`],
  summary: `${name} is slow`,
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
    },
  ],
})
const records = [
  record('GHSA-test-vex0-0001', 'ms', '2.1.4'),
  record('GHSA-test-vex0-0002', 'debug', '4.3.5'),
]
const finding = (name: string, version: string, adviceId: string) => ({
  library: { name, language: 'nodejs' },
  version,
  adviceId,
})

interface Analysis {
  library: { name: string }
  version: string
  adviceId: string
  state: string
  justification: string | null
  responses: string[]
  detail: string
  expires: string | null
}
const comparable = (list: Analysis[]) =>
  list
    .map(({ library, version, adviceId, state, justification, responses, detail, expires }) => ({
      key: `${library.name}@${version}#${adviceId}`,
      state,
      justification,
      responses,
      detail,
      expires,
    }))
    .sort((a, b) => a.key.localeCompare(b.key))

describe.each(storageModes())('VEX from one instance into a fresh one on %s storage', (mode) => {
  let a: TestInstance
  let b: TestInstance
  let pidA = ''
  let pidB = ''
  const triage = (findings: unknown[], analysis: unknown) =>
    fetch(`${a.url}/api/v2/triage/${pidA}/main`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ findings, analysis }),
    })
  const list = async (t: TestInstance, pid: string) =>
    (await (await fetch(`${t.url}/api/v2/triage/${pid}/main`, { headers: admin })).json()) as Analysis[]
  const importInto = (t: TestInstance, pid: string, document: string) =>
    fetch(`${t.url}/api/v2/triage/${pid}/main/vex`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ document }),
    })

  beforeAll(async () => {
    ;[a, b] = await Promise.all([startWithAdvisories(mode, records), startWithAdvisories(mode, records)])
    ;[pidA, pidB] = await Promise.all([uploadTinyApp(a.url, admin), uploadTinyApp(b.url, admin)])
    const ms = 'GHSA-test-vex0-0001'
    expect(
      (
        await triage([finding('ms', '2.1.3', ms)], {
          state: 'not_affected',
          justification: 'code_not_reachable',
          responses: ['will_not_fix'],
          detail: 'only constant strings',
          expires: '2999-01-31',
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await triage([finding('ms', '2.1.2', ms)], {
          state: 'exploitable',
          responses: ['update'],
          detail: 'upgrade debug',
        })
      ).status,
    ).toBe(200)
    expect(
      (await triage([finding('debug', '4.3.4', 'GHSA-test-vex0-0002')], { state: 'in_triage' })).status,
    ).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  it('reproduces every analysis from the CycloneDX VEX, and records the import', async () => {
    const vex = await (await fetch(`${a.url}/api/v2/exclusions/${pidA}/main/vex`, { headers: admin })).text()
    const res = await importInto(b, pidB, vex)
    const answer = (await res.json()) as { format: string; matched: number; unmatched: number }
    expect(res.status, JSON.stringify(answer)).toBe(200)
    expect(answer).toMatchObject({ format: 'cyclonedx', matched: 3, unmatched: 0 })
    expect(comparable(await list(b, pidB))).toEqual(comparable(await list(a, pidA)))
    const q = new URLSearchParams({
      name: 'ms',
      language: 'nodejs',
      version: '2.1.3',
      adviceId: 'GHSA-test-vex0-0001',
    })
    const events = (await (
      await fetch(`${b.url}/api/v2/triage/${pidB}/main/events?${q}`, { headers: admin })
    ).json()) as { via: string }[]
    expect(events.map((e) => e.via)).toEqual(['vex-import'])
  })

  it('reproduces the states from the OpenVEX', async () => {
    const res = await fetch(`${a.url}/api/v2/triage/${pidA}/main/openvex`, { headers: admin })
    expect(res.status).toBe(200)
    const openvex = await res.text()
    // a fresh project on B: the OpenVEX alone
    const pid = await uploadTinyApp(b.url, admin)
    const imported = await importInto(b, pid, openvex)
    expect(imported.status).toBe(200)
    expect((await imported.json()) as object).toMatchObject({ format: 'openvex', matched: 3, unmatched: 0 })
    const states = (x: Analysis[]) => comparable(x).map((e) => [e.key, e.state, e.justification])
    expect(states(await list(b, pid))).toEqual(states(await list(a, pidA)))
  })

  it('refuses a document that is no VEX, naming why', async () => {
    const res = await importInto(b, pidB, '{"hello":"world"}')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toContain('neither a CycloneDX BOM')
  })
})
