// Issue 16 "Re-assessment on new data", on each storage mode: a branch analysed clean; an advisory naming
// one of its components is imported; a live re-check report (no upload) exists with exactly that new
// finding in its delta (GET /api/v1/reports/{p}/delta, history live: true); a branch whose packages no
// changed record names gets no report; importing the same advisory again stores nothing new. The delta
// reads the previous report's stored baseline (migration 033), or its document when it has none.
import { type ReportDeltaEntry, reportDeltaEntrySchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedReport } from '../services/reports.repo'
import {
  type ApiAt,
  importRecords,
  lockOf,
  osvRecord,
  reportHistoryOf,
  uploadProject,
  waitForReports,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

describe.each(storageModes())('live re-check after new advisory data on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  beforeAll(async () => {
    t = await startTestInstance(mode)
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
  }, 60_000)
  afterAll(async () => t?.close())

  async function delta(
    pid: string,
    query = 'branch=main',
  ): Promise<{ status: number; body: ReportDeltaEntry }> {
    const res = await fetch(`${t.url}/api/v1/reports/${pid}/delta?${query}`, { headers: api.headers })
    const body = await res.json()
    return { status: res.status, body: res.status === 200 ? reportDeltaEntrySchema.parse(body) : body }
  }

  it('stores a live report with exactly the new finding, only for branches the change touches', {
    timeout: 90_000,
  }, async () => {
    // the store holds npm data, so the branches below are assessed (clean), not "not assessed"
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    const clean = await uploadProject(api, 'live-clean', [['package-lock.json', lockOf('ms', '2.1.3')]])
    const other = await uploadProject(api, 'live-other', [['package-lock.json', lockOf('left-pad', '1.3.0')]])
    const first = await delta(clean)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ live: false, previousReportUuid: null, delta: { hasPrevious: false } })

    const imported = await importRecords(api, 'ms.jsonl', [
      osvRecord('GHSA-test-live-0001', 'ms', '2.1.4', undefined, ['CVE-2099-0001']),
    ])
    expect(imported.counts.inserted).toBe(1)
    const live = await waitForReports(api, clean, 2)
    const history = await reportHistoryOf(api, clean)
    expect(history.map((h) => h.live)).toEqual([true, false])
    const got = await delta(clean)
    expect(got.body.reportUuid).toBe(live.uuid)
    expect(got.body.previousReportUuid).toBe(history[1]?.uuid)
    expect(got.body.live).toBe(true)
    expect(got.body.delta.newFindings.map((f) => [f.library, f.id, f.severity, f.cve, f.kev])).toEqual([
      ['ms', 'GHSA-test-live-0001', 'HIGH', 'CVE-2099-0001', false],
    ])
    expect(got.body.delta).toMatchObject({ hasPrevious: true, newlyKev: [], raisedSeverity: [] })
    // by report uuid too; the first report's delta is the baseline
    expect((await delta(clean, `reportUuid=${history[1]?.uuid}`)).body.delta.hasPrevious).toBe(false)

    // the same advisory again changes no record: nothing is re-assessed, nothing new is stored
    const again = await importRecords(api, 'ms.jsonl', [
      osvRecord('GHSA-test-live-0001', 'ms', '2.1.4', undefined, ['CVE-2099-0001']),
    ])
    expect(again.counts.inserted).toBe(0)
    await new Promise((r) => setTimeout(r, 1500))
    expect(await reportHistoryOf(api, clean)).toHaveLength(2)
    // left-pad is named by no changed record
    expect(await reportHistoryOf(api, other)).toHaveLength(1)

    // the live report's baseline holds its finding, for the next delta
    const { rows } = await t.sextant.db.query<{ baseline: { findings: { key: string }[] } }>(
      'SELECT baseline FROM report_baselines WHERE report_uuid = $1',
      [live.uuid],
    )
    expect(rows[0]?.baseline.findings.map((f) => f.key)).toEqual(['security|nodejs|ms|GHSA-test-live-0001'])
  })

  // its document stored compressed (as every report since migration 034), or as JSONB (reports before it)
  it.each(['compressed', 'JSONB'] as const)(
    'a previous report without a stored baseline is read from its %s document: the same delta',
    {
      timeout: 90_000,
    },
    async (form) => {
      const pid = await uploadProject(api, `live-no-baseline-${form}`, [
        ['package-lock.json', lockOf('ms', '2.1.3')],
      ])
      await importRecords(api, `ms-2-${form}.jsonl`, [
        osvRecord(`GHSA-test-live-0002-${form}`, 'ms', '2.1.4', undefined, ['CVE-2099-0002']),
      ])
      const second = await waitForReports(api, pid, 2)
      // as if stored before baselines existed (migration 033)
      await t.sextant.db.query('DELETE FROM report_baselines WHERE report_uuid = $1', [second.uuid])
      if (form === 'JSONB') {
        const json = (await storedReport(t.sextant.db, pid, second.uuid))?.json
        await t.sextant.db.query(
          'UPDATE reports SET document = $2::jsonb, document_gz = NULL WHERE uuid = $1',
          [second.uuid, json],
        )
      }
      await importRecords(api, `ms-3-${form}.jsonl`, [
        osvRecord(`GHSA-test-live-0003-${form}`, 'ms', '2.1.4', undefined, ['CVE-2099-0003']),
      ])
      const third = await waitForReports(api, pid, 3)
      const got = await delta(pid)
      expect(got.body.reportUuid).toBe(third.uuid)
      expect(got.body.previousReportUuid).toBe(second.uuid)
      // 0001 and 0002 were already in the previous report (its document says so): only 0003 is new
      expect(got.body.delta.newFindings.map((f) => f.id)).toEqual([`GHSA-test-live-0003-${form}`])
    },
  )

  it('answers 400 without branch or report, 404 for an unknown report', async () => {
    const pid = await uploadProject(api, 'live-errors', [['package-lock.json', lockOf('left-pad', '1.3.0')]])
    expect((await delta(pid, '')).status).toBe(400)
    expect((await delta(pid, 'reportUuid=00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})
