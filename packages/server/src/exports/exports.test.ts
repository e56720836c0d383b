// Downloads end to end (issue 6 acceptance 4): a corpus project (nodegoat) uploaded through the API,
// then every format through POST /api/v1/reports/{format}/{id} and the eras service; CycloneDX JSON
// validated by the library's schema validator, CycloneDX XML by xmllint against the library's official
// XSD, PDFs rendered to PNG pages with pdftoppm.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { exportFormatSchema, reportSchema } from '@sextant/contract'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance, waitForReport } from '../testing/instance'

// The shared corpus beside the repository (no deep import of the engine's test helper: arrows test).
const corpusDir =
  process.env.SEXTANT_CORPUS_DIR ?? fileURLToPath(new URL('../../../../../shared/corpus', import.meta.url))
const project = join(corpusDir, 'projects/nodegoat')

/** xmllint's complaints against the CycloneDX 1.6 XSD bundled in the library (offline), or null. */
function cyclonedxXsdErrors(file: string): string | null {
  const lib = createRequire(import.meta.url).resolve('@cyclonedx/cyclonedx-library/package.json')
  const xsd = join(dirname(lib), 'res/schema/bom-1.6.SNAPSHOT.xsd')
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' })
  if (run.error)
    throw new Error('xmllint is needed to validate CycloneDX XML: apt-get install -y libxml2-utils')
  return run.status === 0 ? null : run.stderr.trim() || `xmllint exited with ${run.status}`
}

/** The administrator's session (a private project is one uploaded by a signed-in member). */
async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/credentials/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  })
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` }
}

async function upload(url: string, headers: Record<string, string> = {}): Promise<string> {
  const form = new FormData()
  for (const f of ['package.json', 'package-lock.json'])
    form.append('file', new Blob([readFileSync(join(project, f))]), f)
  const res = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main`, {
    method: 'POST',
    body: form,
    headers,
  })
  expect(res.status).toBe(202)
  const { projectUuid } = (await res.json()) as { projectUuid: string }
  await waitForReport(url, projectUuid, 'main', headers, 60_000)
  return projectUuid
}

async function waitForEra(url: string, id: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${url}/api/v1/eras/${id}`, { headers })
    if (res.status === 200)
      return (await res.json()) as { downloadUrl: string; status: string; progress: number }
    expect(res.status).toBe(404)
    expect((await res.json()).message).toMatch(/^IN PROGRESS \(\d+%\)/)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`export ${id} did not finish`)
}

/** Answers the file of one format: at once (200) or through the era the POST answered (202). */
async function download(url: string, pid: string, format: string): Promise<{ type: string; body: Buffer }> {
  const res = await fetch(`${url}/api/v1/reports/${format}/${pid}?branch=main`, { method: 'POST' })
  if (res.status === 200)
    return { type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) }
  expect(res.status).toBe(202)
  const era = await waitForEra(url, (await res.json()).id)
  const file = await fetch(`${url}${era.downloadUrl}`)
  expect(file.status).toBe(200)
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+_main\./)
  return { type: file.headers.get('content-type') ?? '', body: Buffer.from(await file.arrayBuffer()) }
}

describe.each(storageModes())('downloads on %s storage', (mode) => {
  let t: TestInstance
  let pid: string
  beforeAll(async () => {
    t = await startTestInstance(mode)
    pid = await upload(t.url)
  }, 120_000)
  afterAll(async () => t?.close())

  it('produces every download format of a corpus project', async () => {
    const pngDir = process.env.SEXTANT_PDF_PNG_DIR ?? mkdtempSync(join(tmpdir(), 'sx-dl-'))
    for (const format of exportFormatSchema.options) {
      const { type, body } = await download(t.url, pid, format)
      expect(body.length, format).toBeGreaterThan(format === 'vulnerabilities_csv' ? 40 : 100)
      if (format === 'pdf' || format === 'bible_pdf') {
        expect(type).toBe('application/pdf')
        writeFileSync(join(pngDir, `nodegoat-${format}.pdf`), body)
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '50',
          join(pngDir, `nodegoat-${format}.pdf`),
          join(pngDir, `nodegoat-${format}`),
        ])
        expect(readdirSync(pngDir).filter((f) => f.startsWith(`nodegoat-${format}-`)).length).toBeGreaterThan(
          0,
        )
      } else if (format === 'sbom-cdx.json') {
        expect(
          await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(body.toString()),
        ).toBeNull()
        expect(JSON.parse(body.toString()).components.length).toBeGreaterThan(100)
      } else if (format === 'sbom-cdx.xml') {
        writeFileSync(join(pngDir, 'nodegoat.sbom-cdx.xml'), body)
        expect(cyclonedxXsdErrors(join(pngDir, 'nodegoat.sbom-cdx.xml'))).toBeNull()
        const bom = new XMLParser({ ignoreAttributes: false }).parse(body.toString()).bom
        expect(bom['@_xmlns']).toBe('http://cyclonedx.org/schema/bom/1.6')
      } else if (format.endsWith('csv')) {
        expect(type).toMatch(/^text\/csv/)
        expect(body.toString().split('\r\n').length).toBeGreaterThan(
          format === 'vulnerabilities_csv' ? 1 : 100,
        )
      } else {
        expect(() => JSON.parse(body.toString())).not.toThrow()
      }
    }
  }, 120_000)

  // Issue 19 acceptance 3: Sextant's CycloneDX re-uploaded gives identical components, scopes, hashes and
  // findings (through the API, on this storage mode).
  it('re-uploads its CycloneDX export to the same components, scopes, hashes and findings', async () => {
    const { body } = await download(t.url, pid, 'sbom-cdx.json')
    const form = new FormData()
    form.append('file', new Blob([body.toString()]), 'nodegoat.sbom-cdx.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=nodegoat-again`, {
      method: 'POST',
      body: form,
    })
    expect(res.status).toBe(202)
    const again = (await res.json()) as { projectUuid: string }
    type Doc = {
      security: {
        assessments: {
          reports: {
            dependency: { library: { name: string }; version: string }
            scope: string
            hashes?: { alg: string; content: string }[]
            advices: { id: string }[]
          }[]
        }[]
      }
    }
    const inventory = (doc: Doc) =>
      doc.security.assessments
        .flatMap((a) => a.reports)
        .map((r) => ({
          component: `${r.dependency.library.name}@${r.dependency.version}`,
          scope: r.scope,
          hashes: (r.hashes ?? []).map((h) => `${h.alg}:${h.content}`).sort(),
          findings: r.advices.map((a) => a.id).sort(),
        }))
        .sort((a, b) => a.component.localeCompare(b.component))
    const before = inventory((await waitForReport(t.url, pid, 'main')) as Doc)
    const after = inventory((await waitForReport(t.url, again.projectUuid, 'main', {}, 60_000)) as Doc)
    expect(before.filter((c) => c.scope === 'dev').length).toBeGreaterThan(100)
    expect(before.filter((c) => c.hashes.length > 0).length).toBe(821)
    expect(after).toEqual(before)
  }, 120_000)

  it('runs the eras service: queue, poll, download with the key, config', async () => {
    const created = await fetch(`${t.url}/api/v1/eras`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pid, branch: 'main', format: 'sbom-cdx.xml' }),
    })
    expect(created.status).toBe(202)
    const era = await created.json()
    expect(era).toMatchObject({ status: 'QUEUED', format: 'sbom-cdx.xml', projectUuid: pid })
    const done = await waitForEra(t.url, era.id)
    expect(done).toMatchObject({ status: 'DONE', progress: 100 })
    const file = await fetch(
      `${t.url}/api/v1/eras/${era.id}/report.sbom-cdx.xml?downloadKey=${era.downloadKey}`,
    )
    expect(file.headers.get('content-type')).toMatch(/cyclonedx\+xml/)
    expect((await fetch(`${t.url}/api/v1/eras/${era.id}/report.pdf`)).status).toBe(404)
    const config = await (await fetch(`${t.url}/api/v1/eras/config`)).json()
    expect(config.formats).toContain('bible_pdf')
    expect((await fetch(`${t.url}/api/v1/eras/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
    const bad = await fetch(`${t.url}/api/v1/eras`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pid, branch: 'main', format: 'exe' }),
    })
    expect(bad.status).toBe(400)
  }, 60_000)

  it('keeps private downloads private unless the download key is given', async () => {
    const admin = await signIn(t.url)
    const own = await upload(t.url, admin)
    expect(
      (await fetch(`${t.url}/api/v1/reports/sbom_csv/${own}?branch=main`, { method: 'POST' })).status,
    ).toBe(404)
    expect((await fetch(`${t.url}/api/v1/reports/${own}/json?branch=main`)).status).toBe(404)
    // The report as served carries its download key (spec §3, §5), the one the download routes check.
    const served = await fetch(`${t.url}/api/v1/reports/${own}/full?branch=main`, { headers: admin })
    expect(served.status).toBe(200)
    const { downloadKey } = reportSchema.parse(await served.json())
    expect(downloadKey).toMatch(/^[0-9a-f]{32}$/)
    const { rows } = await t.sextant.db.query<{ download_key: string }>(
      'SELECT download_key FROM reports WHERE project_uuid = $1',
      [own],
    )
    expect(rows[0]!.download_key).toBe(downloadKey)
    const res = await fetch(`${t.url}/api/v1/reports/${own}/json?branch=main&key=${downloadKey}`)
    expect(res.status).toBe(200)
    const json = await res.json()
    expect(json.project.uuid).toBe(own)
    expect(json.downloadKey).toBe(downloadKey)
    const wrong = await fetch(`${t.url}/api/v1/reports/${own}/json?branch=main&key=${'0'.repeat(32)}`)
    expect(wrong.status).toBe(404)
    const queued = await (
      await fetch(`${t.url}/api/v1/reports/pdf/${own}?branch=main`, { method: 'POST', headers: admin })
    ).json()
    await waitForEra(t.url, queued.id, admin)
    expect((await fetch(`${t.url}/api/v1/eras/${queued.id}/report.pdf`)).status).toBe(404)
    expect(
      (await fetch(`${t.url}/api/v1/eras/${queued.id}/report.pdf?downloadKey=${queued.downloadKey}`)).status,
    ).toBe(200)
  }, 120_000)
})
