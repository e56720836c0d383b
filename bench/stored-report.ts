// Bench helper: a server serving the built web app with a project whose newest report is a given
// (generated) report document, stored beside the first report of an empty upload. Benchmarks only.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ReportDocument } from '../packages/engine/src/report/document'
import { insertReport } from '../packages/server/src/services/reports.repo'
import { startTestInstance, type TestInstance, waitForReport } from '../packages/server/src/testing/instance'

export async function serverWithReport(
  name: string,
  doc: ReportDocument,
): Promise<{ t: TestInstance; projectUuid: string }> {
  // another build of the web app (e.g. one commit against another in the same run): SEXTANT_BENCH_WEB_DIR
  const webDir = process.env.SEXTANT_BENCH_WEB_DIR ?? join(import.meta.dirname, '../packages/web/dist')
  const t = await startTestInstance('embedded', { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: webDir })
  try {
    const form = new FormData()
    const root = { name, version: '2.0.0' }
    const lock = { ...root, lockfileVersion: 3, packages: { '': root } }
    form.append('file', new Blob([JSON.stringify(root)]), 'package.json')
    form.append('file', new Blob([JSON.stringify(lock)]), 'package-lock.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=${name}`, {
      method: 'POST',
      body: form,
    })
    const body = (await res.json()) as { projectUuid?: string; message?: string }
    if (!body.projectUuid) throw new Error(`upload refused: ${res.status} ${body.message ?? ''}`)
    const projectUuid = body.projectUuid
    await waitForReport(t.url, projectUuid, 'main', {}, 60_000)
    const big = {
      ...doc,
      uuid: randomUUID(),
      createdAt: new Date().toISOString(),
      project: { uuid: projectUuid, branch: 'main' },
    }
    const client = await t.sextant.db.connect()
    try {
      await insertReport(client, big, null)
    } finally {
      client.release()
    }
    return { t, projectUuid }
  } catch (error) {
    await t.close()
    throw error
  }
}
