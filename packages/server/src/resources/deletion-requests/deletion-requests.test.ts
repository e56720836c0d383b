// Deletion requests (issue 6 "Deletion request"; spec report-page §7, §9): recorded with a six-month
// deadline, visible to system administrators only, refused for projects the caller cannot see.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

describe.each(storageModes())('deletion requests on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode)
  }, 60_000)
  afterAll(async () => t?.close())

  it('records a request for a public report and shows it to system administrators only', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const { projectUuid } = await (
      await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, { method: 'POST', body: form })
    ).json()
    const ask = (body: unknown, pid = projectUuid) =>
      fetch(`${t.url}/api/v1/reports/${pid}/deletion-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const created = await ask({
      email: 'owner@example.test',
      branch: 'main',
      website: 'https://example.test',
    })
    expect(created.status).toBe(201)
    const request = await created.json()
    const months = (Date.parse(request.deleteBy) - Date.parse(request.createdAt)) / (30 * 86_400_000)
    expect(months).toBeGreaterThan(5.9)
    expect(months).toBeLessThan(6.2)

    expect((await ask({ email: 'not an e-mail' })).status).toBe(400)
    expect((await ask({ email: 'x@example.test' }, '8a5c2b8e-1111-4222-8333-444455556666')).status).toBe(404)

    const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    const list = await (await fetch(`${t.url}/api/v1/admin/deletion-requests`, { headers: admin })).json()
    expect(list[0]).toMatchObject({
      uuid: request.uuid,
      projectUuid,
      email: 'owner@example.test',
      production: true,
      completedAt: null,
      reportsDeleted: null,
    })
    expect((await fetch(`${t.url}/api/v1/admin/deletion-requests`)).status).toBe(401)
  })
})
