// Upload files stored once and kept only while needed (issue 20 "Storage that does not grow without
// bound"): two identical uploads store the bytes once and both analyses resolve their lone package.json
// from them; the files of an analysis that ended stay a day, then the retention.upload-files job drops
// them, keeping the branch's newest upload (the plan patch reads it) and so the shared content; a
// recompute afterwards still works (it reads the stored graph); a content no file uses is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_FILES_QUEUE } from '../jobs/upload-files.job'
import { waitForReports } from '../testing/advisory-imports'
import { recomputeAndWait } from '../testing/advisory-instance'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { startTestNpmRegistry, type TestNpmRegistry } from '../testing/npm-registry'
import { analysisFiles, dropUnneededFiles, FILES_KEPT_HOURS } from './analysis-files.repo'

const headers = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const manifest = JSON.stringify(
  { name: 'lone', version: '1.0.0', dependencies: { debug: '^4.0.0' } },
  null,
  2,
)

describe.each(storageModes())('upload files on %s storage', (mode) => {
  let registry: TestNpmRegistry
  let t: TestInstance
  let now = new Date()
  const analyses: string[] = []
  let projectUuid = ''

  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    t = await startTestInstance(
      mode,
      { SEXTANT_OFFLINE: 'false', SEXTANT_NPM_REGISTRY: registry.url },
      { clock: () => now },
    )
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await registry?.close()
  })

  const query = async <T>(sql: string, params: unknown[] = []) =>
    (await t.sextant.db.query(sql, params)).rows as T[]
  const filesOf = async () =>
    query<{ digest: Buffer }>('SELECT digest FROM analysis_files WHERE analysis_uuid = ANY($1::uuid[])', [
      analyses,
    ])

  it('stores two identical uploads once, and both analyses resolve their package.json from it', async () => {
    for (let i = 0; i < 2; i++) {
      const form = new FormData()
      form.append('file', new Blob([manifest]), 'package.json')
      const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=lone`, {
        method: 'POST',
        headers,
        body: form,
      })
      expect(res.status).toBe(202)
      const body = (await res.json()) as { projectUuid: string; analysisUuid: string }
      projectUuid = body.projectUuid
      analyses.push(body.analysisUuid)
      const report = await waitForReports({ url: t.url, headers }, projectUuid, i + 1)
      expect(report.summary.components).toBeGreaterThan(1)
      expect(report.notes.map((n) => n.message)).toContainEqual(
        expect.stringMatching(/^package.json without a lockfile: dependencies resolved by Sextant/),
      )
    }
    const files = await filesOf()
    expect(files).toHaveLength(2)
    expect(files[0]!.digest.equals(files[1]!.digest)).toBe(true)
    const blobs = await query<{ size: number }>('SELECT size FROM upload_blobs WHERE digest = $1', [
      files[0]!.digest,
    ])
    expect(blobs).toEqual([{ size: Buffer.byteLength(manifest) }])
    for (const a of analyses)
      expect(await analysisFiles(t.sextant.db, a)).toEqual([{ path: 'package.json', content: manifest }])
  }, 120_000)

  it('keeps the files a day after the analysis ended, then drops all but the newest; recompute still works', async () => {
    const digest = (await filesOf())[0]!.digest
    const before = await dropUnneededFiles(
      t.sextant.db,
      new Date(now.getTime() - FILES_KEPT_HOURS * 3_600_000),
    )
    expect(before.files).toBe(0)
    expect(await filesOf()).toHaveLength(2)

    now = new Date(Date.now() + 2 * 86_400_000)
    await t.sextant.boss.send(UPLOAD_FILES_QUEUE, {})
    const deadline = Date.now() + 60_000
    while ((await filesOf()).length > 1) {
      if (Date.now() > deadline) throw new Error('the upload-files job did not drop the files')
      await new Promise((r) => setTimeout(r, 200))
    }
    // the newest upload of the branch keeps its files, and with them the shared content
    expect(await analysisFiles(t.sextant.db, analyses[0]!)).toEqual([])
    expect(await analysisFiles(t.sextant.db, analyses[1]!)).toEqual([
      { path: 'package.json', content: manifest },
    ])
    expect(await query('SELECT 1 FROM upload_blobs WHERE digest = $1', [digest])).toHaveLength(1)
    // a content nothing references any more goes
    await t.sextant.db.query('DELETE FROM analysis_files WHERE analysis_uuid = $1', [analyses[1]])
    const after = await dropUnneededFiles(
      t.sextant.db,
      new Date(now.getTime() - FILES_KEPT_HOURS * 3_600_000),
    )
    expect(after).toMatchObject({ blobs: 1, bytes: Buffer.byteLength(manifest) })
    expect(await query('SELECT 1 FROM upload_blobs WHERE digest = $1', [digest])).toHaveLength(0)
    const recomputed = await recomputeAndWait<{ summary: { components: number } }>(
      t.url,
      headers,
      projectUuid,
    )
    const first = await query<{ components: number }>(
      'SELECT components FROM reports WHERE analysis_uuid = $1',
      [analyses[0]],
    )
    expect(recomputed.summary.components).toBe(first[0]!.components)
  }, 120_000)
})
