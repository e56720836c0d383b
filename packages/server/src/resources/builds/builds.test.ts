// The CI build flow (product-notes "How scans reach the server"): create, upload files, start, poll until
// DONE with scores, outcome and the CLI exit code, which treat a domain not assessed as failed (issue 14).
import { readFileSync } from 'node:fs'
import type { BuildDto } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const auth = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

describe.each(storageModes())('CI builds on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_OFFLINE: 'true' })
  }, 60_000)
  afterAll(async () => t?.close())

  it('runs create → files → start → poll to a DONE build with an exit code', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(fixture('small.cdx.json'))]), 'bom.cdx.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=seed`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    const upBody = (await up.json()) as { projectUuid: string }
    if (up.status !== 202) throw new Error(JSON.stringify(upBody))
    const { projectUuid } = upBody
    const created = await fetch(`${t.url}/api/v1/builds`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectUuid, branch: 'ci' }),
    })
    expect(created.status).toBe(201)
    const build = (await created.json()) as { uuid: string; status: string }
    expect(build.status).toBe('OPEN')
    const files = new FormData()
    files.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
    files.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
    const put = await fetch(`${t.url}/api/v1/builds/${build.uuid}/files`, {
      method: 'POST',
      headers: auth,
      body: files,
    })
    expect(((await put.json()) as { files: string[] }).files).toEqual(['package-lock.json', 'package.json'])
    expect(
      (await fetch(`${t.url}/api/v1/builds/${build.uuid}/start`, { method: 'POST', headers: auth })).status,
    ).toBe(202)
    const deadline = Date.now() + 20_000
    let state: BuildDto
    do {
      await new Promise((r) => setTimeout(r, 100))
      state = await (await fetch(`${t.url}/api/v1/builds/${build.uuid}`, { headers: auth })).json()
    } while (state.status !== 'DONE' && state.status !== 'FAILED' && Date.now() < deadline)
    expect(state.status).toBe('DONE')
    // This instance holds no advisories and reaches no registry (offline, empty cache): nothing could be
    // assessed, so no score is shown and every domain fails the gate (issue 14), never a clean PASS.
    expect(state).toMatchObject({
      reportStatus: 'PARTIAL',
      scores: { security: null, stability: null, licensing: null },
      assessment: { security: 'none', stability: 'none', licensing: 'none' },
      failedDomains: ['security', 'stability', 'licensing'],
      outcome: 'FAIL',
      exitCode: 7,
    })
  }, 60_000)

  it("builds the report with the build's own minima (sextant scan --min-*) and refuses a second build of a running branch", async () => {
    const open = (body: object) =>
      fetch(`${t.url}/api/v1/builds`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const created = await open({
      url: 'https://git.example.org/acme/minima.git',
      branch: 'strict',
      thresholds: { security: 100, licensing: 12.5 },
    })
    expect(created.status).toBe(201)
    const build = (await created.json()) as { uuid: string; thresholds: Record<string, number> }
    // Before a report: the account's minima with this build's overrides.
    expect(build.thresholds).toEqual({ security: 100, stability: 80, licensing: 12.5 })
    const files = new FormData()
    files.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
    await fetch(`${t.url}/api/v1/builds/${build.uuid}/files`, { method: 'POST', headers: auth, body: files })
    await fetch(`${t.url}/api/v1/builds/${build.uuid}/start`, { method: 'POST', headers: auth })
    const again = await open({ url: 'https://git.example.org/acme/minima.git', branch: 'strict' })
    const state0 = (await (
      await fetch(`${t.url}/api/v1/builds/${build.uuid}`, { headers: auth })
    ).json()) as {
      status: string
    }
    // Unless the first one finished already, the branch is busy: 409 with the build named.
    if (state0.status !== 'DONE') {
      expect(again.status).toBe(409)
      expect(((await again.json()) as { message: string }).message).toContain(build.uuid)
    }
    const deadline = Date.now() + 20_000
    let state: { status: string; thresholds: Record<string, number>; reportUuid: string; projectUuid: string }
    do {
      await new Promise((r) => setTimeout(r, 100))
      state = await (await fetch(`${t.url}/api/v1/builds/${build.uuid}`, { headers: auth })).json()
    } while (state.status !== 'DONE' && state.status !== 'FAILED' && Date.now() < deadline)
    expect(state.status).toBe('DONE')
    expect(state.thresholds).toEqual({ security: 100, stability: 80, licensing: 12.5 })
    const report = (await (
      await fetch(`${t.url}/api/v1/reports/${state.projectUuid}/full/${state.reportUuid}`, { headers: auth })
    ).json()) as { thresholds: Record<string, number> }
    expect(report.thresholds).toEqual({ security: 100, stability: 80, licensing: 12.5 })
    // Out of range: refused, not silently dropped.
    expect(
      (
        await open({
          url: 'https://git.example.org/acme/minima.git',
          branch: 'x',
          thresholds: { security: 101 },
        })
      ).status,
    ).toBe(400)
  }, 60_000)

  it('opens a build by repository url alone: a new project first, the same project after', async () => {
    const open = async () => {
      const res = await fetch(`${t.url}/api/v1/builds`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://git.example.org/acme/shop.git', branch: 'ci' }),
      })
      expect(res.status).toBe(201)
      return (await res.json()) as { projectUuid: string }
    }
    const first = await open()
    const second = await open()
    expect(second.projectUuid).toBe(first.projectUuid)
    const project = await (
      await fetch(`${t.url}/api/v1/projects/${first.projectUuid}`, { headers: auth })
    ).json()
    expect(project).toMatchObject({ name: 'acme/shop', url: 'https://git.example.org/acme/shop.git' })
  })
})
