// An analysis that fails stores an ERROR report saying why (spec report-page §4 'WE COULDN'T BUILD A
// REPORT'; issue 14 "ERROR/FAILED on failure"): the branch's latest report is no longer the previous one
// shown as current, no domain has a score, and the CI outcome fails.
import { readFileSync } from 'node:fs'
import { reportSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { runAnalysis } from './analyse.job'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const lockfile = readFileSync(new URL('../resources/fixtures/package-lock.json', import.meta.url))

describe.each(storageModes())('a failed analysis on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
  }, 60_000)
  afterAll(async () => t?.close())

  it('becomes an ERROR report with the reason, no score and a failing gate', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(lockfile)]), 'package-lock.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    const { projectUuid, analysisUuid } = (await res.json()) as { projectUuid: string; analysisUuid: string }
    const outcome = await runAnalysis(t.sextant.db, analysisUuid, {
      advisoriesFor: async () => {
        throw new Error('registry answer unreadable')
      },
    })
    expect(outcome).toBe('failed')
    const report = reportSchema.parse(
      await (
        await fetch(`${t.url}/api/v1/reports/${projectUuid}/full?branch=main`, { headers: admin })
      ).json(),
    )
    expect(report).toMatchObject({
      status: 'ERROR',
      outcome: 'FAIL',
      security: { score: null, assessment: { state: 'none' } },
      stability: { score: null },
      licensing: { score: null },
      gate: { failed: ['security', 'stability', 'licensing'] },
    })
    expect(report.notes[0]?.message).toBe('The analysis failed: registry answer unreadable')
    const history = (await (
      await fetch(`${t.url}/api/v1/reports/${projectUuid}/history?branch=main`, { headers: admin })
    ).json()) as { status: string; security: number | null; assessment: { security: string } }[]
    expect(history[0]).toMatchObject({ status: 'ERROR', security: null, assessment: { security: 'none' } })
  })
})
