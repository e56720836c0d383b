// Static-analysis reports (issue 17 acceptance 5; spec accounts-and-api §7 GET /api/v1/sasha/projects/{id}/
// report): a SARIF file produced by a real tool (fixtures/biome-login.sarif: Biome 2 `lint
// --reporter=sarif` over a small Express handler with eval, an assignment in a condition and an unused
// variable) uploaded for a project branch appears through the sasha route with its tool, counts by
// level, files and results; isaac policies drive the rules they name; not-SARIF is refused naming why;
// the §6 roles.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
} from '../../testing/instance'
import { memberOfAccount, membershipOf, RecordingApi } from '../admin/test-kit'
import { readSarif } from './sarif-reader'

const biome = readFileSync(new URL('./fixtures/biome-login.sarif', import.meta.url), 'utf8')
const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

describe('SARIF reader', () => {
  it("reads a real tool's file", () => {
    const read = readSarif(biome)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.value.tool.name).toBe('Biome')
    expect(read.value.rules).toBe(3)
    expect(read.value.results.map((r) => [r.ruleId, r.level, r.line])).toEqual([
      ['lint/correctness/noUnusedVariables', 'warning', 10],
      ['lint/suspicious/noAssignInExpressions', 'error', 15],
      ['lint/security/noGlobalEval', 'error', 6],
    ])
  })

  it('refuses what is not SARIF 2.1.0, naming why', () => {
    expect(readSarif('nope')).toMatchObject({
      ok: false,
      problem: { message: 'file: not JSON, so not a SARIF file.' },
    })
    expect(readSarif('{"version":"2.0.0","runs":[]}')).toMatchObject({
      ok: false,
      problem: { message: 'file: SARIF version must be "2.1.0" (found "2.0.0").' },
    })
    const noRule = JSON.stringify({
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' } }] }],
    })
    expect(readSarif(noRule)).toMatchObject({
      ok: false,
      problem: { message: 'file: runs[0].results[0] names no rule (ruleId).' },
    })
  })
})

describe.each(storageModes())('sasha reports on %s storage', (mode) => {
  let t: TestInstance
  let api: RecordingApi
  let admin = ''
  let viewer = ''
  let pid = ''
  const upload = async (text: string, who: string, branch = 'main') => {
    const form = new FormData()
    form.append('file', new Blob([text]), 'results.sarif')
    const res = await fetch(`${t.url}/api/v1/uploads/${pid}/sarif?branch=${branch}`, {
      method: 'POST',
      headers: { authorization: who },
      body: form,
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }
  const report = (who: string, branch = 'main') =>
    api.call('GET', `/api/v1/sasha/projects/${pid}/report?branch=${branch}`, { auth: who })

  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
    api = new RecordingApi(t.url)
    const db = t.sextant.db
    admin = `Bearer ${(await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })).json.accessToken}`
    const account = (await membershipOf(db, TEST_ADMIN.email)).account
    viewer = (await memberOfAccount(db, account, 'viewer@sasha.test', 'Viewer')).auth
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&private=true`, {
      method: 'POST',
      headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` },
      body: form,
    })
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
  })
  afterAll(async () => t?.close())

  it('answers 404 before any upload, then the uploaded analysis', async () => {
    expect((await report(admin)).status).toBe(404)
    const up = await upload(biome, admin)
    expect(up.status, JSON.stringify(up.json)).toBe(201)
    expect(up.json).toMatchObject({ projectId: pid, branch: 'main', results: 3 })
    const r = await report(viewer)
    expect(r.status).toBe(200)
    expect(r.json.tool).toEqual({ name: 'Biome', version: null })
    expect(r.json.summary).toEqual({
      rules: 3,
      files: 1,
      results: 3,
      byLevel: { error: 2, warning: 1, note: 0, none: 0 },
      suppressed: 0,
    })
    const evalResult = (
      r.json.results as unknown as { ruleId: string; file: string; line: number; message: string }[]
    ).find((x) => x.ruleId === 'lint/security/noGlobalEval')
    expect(evalResult).toMatchObject({ line: 6, severity: null, suppressed: false })
    expect(evalResult?.file).toMatch(/src\/login\.js$/)
    expect((await report(admin, 'other')).status).toBe(404)
  })

  it('lets isaac policies drive the rules they name', async () => {
    const set = (sysid: string, body: unknown) =>
      api.call('POST', `/api/v1/isaac/me/policies/${sysid}`, { auth: admin, body })
    expect((await set('noUnusedVariables', { enabled: false, severity: 'LOW', tags: [] })).status).toBe(200)
    expect(
      (await set('noGlobalEval', { enabled: true, severity: 'CRITICAL', tags: ['injection'] })).status,
    ).toBe(200)
    const r = await report(admin)
    expect(r.json.summary).toMatchObject({
      results: 2,
      suppressed: 1,
      byLevel: { error: 2, warning: 0, note: 0, none: 0 },
    })
    const byRule = new Map((r.json.results as unknown as { ruleId: string }[]).map((x) => [x.ruleId, x]))
    expect(byRule.get('lint/correctness/noUnusedVariables')).toMatchObject({
      suppressed: true,
      severity: null,
    })
    expect(byRule.get('lint/security/noGlobalEval')).toMatchObject({
      severity: 'CRITICAL',
      tags: ['injection'],
    })
  })

  it('refuses a file that is not SARIF, and callers who may not edit the project', async () => {
    const bad = await upload('{"version":"1.0"}', admin)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain('SARIF version must be "2.1.0"')
    expect((await upload(biome, viewer)).status).toBe(403)
    const anonymous = await fetch(`${t.url}/api/v1/sasha/projects/${pid}/report`)
    expect(anonymous.status).toBe(404)
  })
})
