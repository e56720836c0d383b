// Report documents in storage (issue 16 acceptance 6; migration 034): a report is stored as gzip'd JSON with
// the fields SQL reads beside it, and every reader answers the same for it as for a report stored before,
// as JSONB: the stored JSON, the parsed document, the recompute state and the storage overview; the gate
// and gaps columns hold what the document says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageOverview } from '../resources/admin/storage.repo'
import { type ApiAt, latestReport, lockOf, uploadProject } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { latestReportState, reportDocumentById, storedReport } from './reports.repo'

describe.each(storageModes())('report documents on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  beforeAll(async () => {
    t = await startTestInstance(mode)
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
  }, 60_000)
  afterAll(async () => t?.close())

  it("stores gzip'd JSON that every reader answers as it answers a JSONB document", {
    timeout: 90_000,
  }, async () => {
    const db = t.sextant.db
    const pid = await uploadProject(api, 'stored-forms', [['package-lock.json', lockOf('ms', '2.1.3')]])
    const served = await latestReport(api, pid)
    const { rows } = await db.query<{
      jsonb: boolean
      gz: boolean
      fingerprint: string | null
      gate: unknown
      gaps: unknown
    }>(
      `SELECT document IS NOT NULL AS jsonb, document_gz IS NOT NULL AS gz, exclusions_fingerprint AS fingerprint,
              gate, security_gaps AS gaps FROM reports WHERE uuid = $1`,
      [served.uuid],
    )
    expect(rows[0]).toMatchObject({ jsonb: false, gz: true })
    const compressed = {
      json: (await storedReport(db, pid, served.uuid))?.json,
      document: await reportDocumentById(db, pid, served.uuid),
      state: await latestReportState(db, pid, 'main'),
    }
    const doc = compressed.document
    expect(doc?.uuid).toBe(served.uuid)
    expect(JSON.parse(compressed.json ?? 'null')).toEqual(doc)
    expect(rows[0]?.gate).toEqual(doc?.gate)
    expect(rows[0]?.gaps).toEqual(doc?.security.assessment.gaps)
    expect(compressed.state?.fingerprint).toBe(doc?.exclusionsFingerprint ?? '')
    const sizeBefore = (await storageOverview(db)).accounts.reduce((n, a) => n + a.reportBytes, 0)
    expect(sizeBefore).toBeGreaterThan(0)

    // the same report as stored before migration 034
    await db.query(
      `UPDATE reports SET document = $2::jsonb, document_gz = NULL, exclusions_fingerprint = NULL, gate = NULL,
              security_gaps = NULL WHERE uuid = $1`,
      [served.uuid, compressed.json],
    )
    expect(JSON.parse((await storedReport(db, pid, served.uuid))?.json ?? 'null')).toEqual(doc)
    expect(await reportDocumentById(db, pid, served.uuid)).toEqual(doc)
    expect(await latestReportState(db, pid, 'main')).toEqual(compressed.state)
    expect((await storageOverview(db)).accounts.reduce((n, a) => n + a.reportBytes, 0)).toBeGreaterThan(0)
    // a row holds exactly one form
    await expect(
      db.query('UPDATE reports SET document = NULL WHERE uuid = $1', [served.uuid]),
    ).rejects.toThrow(/reports_document_stored/)
  })
})
