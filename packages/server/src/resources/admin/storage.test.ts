// GET /api/v1/admin/storage (issue 20 "show storage per account to sysadmins"): a system administrator
// sees each account's reports, graphs and kept upload files in bytes, an identical upload adding a
// report but no upload bytes; anonymous callers are refused (the route walk checks every role).
import { readFileSync } from 'node:fs'
import type { StorageOverview } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))
const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

describe.each(storageModes())('storage per account on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode)
  }, 60_000)
  afterAll(async () => t?.close())

  const overview = async () => {
    const res = await fetch(`${t.url}/api/v1/admin/storage`, { headers: admin })
    expect(res.status).toBe(200)
    return (await res.json()) as StorageOverview
  }

  it('counts reports and kept upload files per account, an identical upload once', async () => {
    const before = await overview()
    let projectUuid = ''
    for (let i = 0; i < 2; i++) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
      const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&name=stored`, {
        method: 'POST',
        headers: admin,
        body: form,
      })
      expect(res.status).toBe(202)
      projectUuid = ((await res.json()) as { projectUuid: string }).projectUuid
    }
    await waitForReport(t.url, projectUuid, 'main', admin)
    const { rows } = await t.sextant.db.query<{ account_uuid: string }>(
      'SELECT account_uuid FROM projects WHERE uuid = $1',
      [projectUuid],
    )
    const accountUuid = rows[0]!.account_uuid
    // both analyses end before their reports are counted
    const deadline = Date.now() + 60_000
    let mine = (await overview()).accounts.find((a) => a.accountUuid === accountUuid)!
    while (mine.reports < 2) {
      if (Date.now() > deadline) throw new Error(`${mine.reports} report(s), wanted 2`)
      await new Promise((r) => setTimeout(r, 200))
      mine = (await overview()).accounts.find((a) => a.accountUuid === accountUuid)!
    }
    const was = before.accounts.find((a) => a.accountUuid === accountUuid)
    expect(mine.reports - (was?.reports ?? 0)).toBe(2)
    expect(mine.uploadFileBytes - (was?.uploadFileBytes ?? 0)).toBe(sbom.length)
    expect(mine.reportBytes).toBeGreaterThan(0)
    expect(mine.graphBytes).toBeGreaterThan(0)
    expect(mine.totalBytes).toBe(mine.reportBytes + mine.graphBytes + mine.uploadFileBytes + mine.exportBytes)
    const after = await overview()
    expect(after.shared.advisoryBytes).toBeGreaterThan(0)
    expect(after.shared.registryCacheBytes).toBeGreaterThan(0)
  }, 120_000)

  it('is for system administrators only', async () => {
    expect((await fetch(`${t.url}/api/v1/admin/storage`)).status).toBe(401)
  })
})
