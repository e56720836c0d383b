// The account chooses whether a partly assessed domain fails the gate (issue 14 "Unknown is not 100":
// configuration.partialAssessmentFailsGate, on by default), through the API: an SBOM whose one component
// declares its licence and the other does not (offline: no registry metadata) has licensing partly
// assessed; by default it fails the gate, with the setting off it passes on the score over what was
// assessed while its score still reads n/a; a domain not assessed at all (stability) fails either way.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Report } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestReport, osvRecord, PARTIAL_LICENCE_SBOM, waitForReports } from '../../testing/advisory-imports'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

describe.each(storageModes())('a partly assessed domain and the account gate rule on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  let account = ''
  const api = () => ({ url: t.url, headers: admin })
  const configure = (body: unknown) =>
    fetch(`${t.url}/api/v1/accounts/${account}/configuration`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  async function recompute(count: number): Promise<Report> {
    const res = await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, {
      method: 'POST',
      headers: admin,
    })
    expect(res.status).toBe(202)
    return waitForReports(api(), pid, count)
  }

  beforeAll(async () => {
    // npm advisories in the store (security assessed whole), offline (no registry metadata)
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(
      join(dir, 'npm.jsonl'),
      `${JSON.stringify(osvRecord('GHSA-test-ms00-0009', 'ms', '2.1.4'))}\n`,
    )
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'npm.jsonl'),
      SEXTANT_OFFLINE: 'true',
    })
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const stats = await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()
      if (JSON.stringify(stats).includes('"npm"')) break
      await new Promise((r) => setTimeout(r, 200))
    }
    account = (
      (await (await fetch(`${t.url}/api/v1/accounts/me`, { headers: admin })).json()) as { uuid: string }
    ).uuid
    const form = new FormData()
    form.append('file', new Blob([PARTIAL_LICENCE_SBOM]), 'bom.cdx.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&name=partial-app`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    pid = ((await res.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', admin)
  }, 90_000)
  afterAll(async () => t?.close())

  it('by default a partly assessed domain fails the gate', async () => {
    const report = await latestReport(api(), pid)
    expect(report.security.assessment.state).toBe('complete')
    expect(report.licensing.assessment).toMatchObject({
      state: 'partial',
      assessedComponents: 1,
      components: 2,
    })
    expect(report.licensing.score).toBeNull()
    expect(report.stability.assessment.state).toBe('none')
    expect(report.gate).toEqual({ failed: ['stability', 'licensing'], partialFails: true })
    expect(report.outcome).toBe('FAIL')
  })

  it('with the setting off it passes on the score over what was assessed; unassessed still fails', async () => {
    expect((await configure({ partialAssessmentFailsGate: false })).status).toBe(200)
    const lenient = await recompute(2)
    expect(lenient.licensing.score).toBeNull()
    expect(lenient.licensing.assessment.partialScore).toBe(100)
    expect(lenient.gate).toEqual({ failed: ['stability'], partialFails: false })
    expect(lenient.outcome).toBe('FAIL')
    // and back on, it fails again
    expect((await configure({ partialAssessmentFailsGate: true })).status).toBe(200)
    expect((await recompute(3)).gate.failed).toEqual(['stability', 'licensing'])
  }, 60_000)
})
