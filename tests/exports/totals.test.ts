// Every export's totals equal the report page's, for the same report and scope (issue 14 acceptance 4):
// a real server analyses OWASP NodeGoat (corpus lockfile, corpus npm advisories, recorded registry) with
// an exclusion in each domain (.meterian), then for 'All dependencies' and 'Production' every download
// format is made through the export API and its counts are read back from the file itself: PDF text,
// JSON, CSV rows, CycloneDX JSON/XML, SPDX, licence bible JSON/PDF. The page's figures are the report's
// own totals as the page loads it (Report.totals, sent by the server; issue 18 acceptance 7).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ExportFormatName, exportFormatSchema, type Report, type ReportTotals } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReportDocument, reportTotals } from '../../packages/engine/src/index'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../packages/server/src/testing/instance'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'
import {
  componentRows,
  DEFAULT_SECURITY_FILTERS,
  groupByVulnerability,
  SEVERITY_ORDER,
} from '../../packages/web/src/shared/report/security-model'

const auth = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const project = (f: string) => readFileSync(join(corpusDir, 'projects/nodegoat', f))
type Scope = 'all' | 'prod'

/** RFC 4180 rows (quoted cells with doubled quotes and line breaks), header included. */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-totals-'))
  writeFileSync(join(dir, 'a.pdf'), bytes)
  return execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

/** Findings of every severity, excluded ones too: one `affects` entry each in the CycloneDX SBOM. */
const findings = (t: ReportTotals) =>
  t.security.vulnerabilities + t.security.suggest + t.security.none + t.security.excluded

describe('export totals equal the page (issue 14 acceptance 4)', () => {
  let t: TestInstance
  let registry: TestNpmRegistry
  let pid = ''
  let report: Report

  // every format and scope a test below downloads: the last test checks none was left out
  const downloaded = new Set<string>()

  async function download(format: ExportFormatName, scope: Scope): Promise<Buffer> {
    downloaded.add(`${format} ${scope}`)
    const era = await fetch(`${t.url}/api/v1/eras`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: pid, branch: 'main', format, scope }),
    })
    const { id } = (await era.json()) as { id: string }
    expect(era.status).toBe(202)
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const status = await fetch(`${t.url}/api/v1/eras/${id}`, { headers: auth })
      if (status.status === 200) {
        const done = (await status.json()) as { downloadUrl: string; scope: string }
        expect(done.scope).toBe(scope)
        const file = await fetch(`${t.url}${done.downloadUrl}`, { headers: auth })
        expect(file.status).toBe(200)
        return Buffer.from(await file.arrayBuffer())
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`the ${format} export did not finish`)
  }

  async function upload(extra: [string, string][] = []) {
    const form = new FormData()
    for (const f of ['package.json', 'package-lock.json'])
      form.append('file', new Blob([new Uint8Array(project(f))]), f)
    for (const [name, text] of extra) form.append('file', new Blob([text]), name)
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=nodegoat`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    expect(res.status).toBe(202)
    return ((await res.json()) as { projectUuid: string }).projectUuid
  }

  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    t = await startTestInstance('embedded', {
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv/npm.jsonl.gz'),
    })
    for (let waited = 0; waited < 60_000; waited += 500) {
      const stats = (await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()) as {
        databases: { status: string }[]
      }
      if (stats.databases[0]?.status === 'OK') break
      await new Promise((r) => setTimeout(r, 500))
    }
    pid = await upload()
    const first = (await waitForReport(t.url, pid, 'main', auth, 90_000)) as unknown as Report
    // one exclusion per domain, from the repository's .meterian file: a CVE, an outdated library, a
    // library without a declared licence
    const advice = first.security.assessments
      .flatMap((a) => a.reports)
      .flatMap((r) => r.advices)
      .find((a) => a.cve && a.severity === 'HIGH')!
    const outdated = first.stability.reports
      .flatMap((r) => r.versions)
      .find((v) => v.newMajorVersionAvailable)!
    const undeclared = first.licensing.reports
      .flatMap((r) => r.results)
      .find((r) => r.licenses.some((l) => l.id === 'NOT DECLARED / NOT FOUND'))!
    const lib = (name: string) => ({ library: { language: 'nodejs', name }, version: '*' })
    const meterian = {
      exclusions: {
        security: { cves: [{ cve: advice.cve, reason: 'unapplicable', description: 'not reachable' }] },
        stability: {
          libraries: [{ ...lib(outdated.name), reason: 'ignored', description: 'pinned on purpose' }],
        },
        licensing: {
          libraries: [{ ...lib(undeclared.library.name), reason: 'mitigated', description: 'MIT, checked' }],
        },
      },
    }
    expect(await upload([['.meterian', JSON.stringify(meterian)]])).toBe(pid)
    for (const deadline = Date.now() + 90_000; ; ) {
      const history = (await (
        await fetch(`${t.url}/api/v1/reports/${pid}/history?branch=main`, { headers: auth })
      ).json()) as unknown[]
      if (history.length === 2) break
      if (Date.now() > deadline) throw new Error('no second report')
      await new Promise((r) => setTimeout(r, 250))
    }
    // the report exactly as the page loads it
    report = (await (
      await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main&includes=prs`, { headers: auth })
    ).json()) as Report
  }, 240_000)
  afterAll(async () => {
    await t?.close()
    await registry?.close()
  })

  it('has findings, outdated components, licence issues and an exclusion in each domain to count', () => {
    const all = report.totals.all
    expect(all.security.vulnerabilities).toBeGreaterThan(50)
    expect(all.security.excluded).toBeGreaterThan(0)
    expect(all.stability.excluded).toBeGreaterThan(0)
    expect(all.licensing.excluded).toBeGreaterThan(0)
    // Production is a real narrowing here, not the same numbers twice
    expect(report.totals.prod.components).toBeLessThan(all.components)
  })

  for (const scope of ['all', 'prod'] as const) {
    describe(`scope ${scope}`, () => {
      let page: ReportTotals
      beforeAll(() => {
        page = report.totals[scope]
      })

      it('JSON: the report narrowed to the scope counts what the page counts', async () => {
        const doc = JSON.parse((await download('json', scope)).toString('utf8')) as ReportDocument
        const { scope: _ignored, ...counts } = reportTotals(doc, 'all')
        const { scope: _page, ...expected } = page
        expect(counts).toEqual(expected)
      })

      it("PDF: the cover, score lines and section titles give the page's numbers", async () => {
        const text = pdfText(await download('pdf', scope))
        const s = page.security
        const st = page.stability
        const li = page.licensing
        expect(text).toContain(`${page.components} (${page.direct} direct, ${page.transitive} transitive)`)
        expect(text).toContain(
          `${s.vulnerabilities} vulnerabilities (${s.critical} critical, ${s.high} high, ${s.medium} medium, ${s.low} low)`,
        )
        expect(text).toContain(
          `in ${s.vulnerableComponents} of ${s.components} components; ${s.excluded} excluded`,
        )
        expect(text).toContain(
          `${st.outdated} of ${st.components} components outdated (${st.major} major, ${st.minor} minor, ${st.patch} patch`,
        )
        expect(text).toContain(
          `${li.components} components: ${li.forbidden} forbidden, ${li.undeclared} not declared`,
        )
        expect(text).toContain(scope === 'prod' ? 'Production only' : 'All dependencies')
        // descriptions are rendered markdown
        expect(text).not.toMatch(/\*\*|###/)
      })

      it('SBOM CSV: one row per component, the vulnerabilities column sums to the page', async () => {
        const [header, ...rows] = csvRows((await download('sbom_csv', scope)).toString('utf8'))
        expect(rows).toHaveLength(page.components)
        const column = header!.indexOf('VULNERABILITIES')
        expect(rows.reduce((n, r) => n + Number(r[column]), 0)).toBe(page.security.vulnerabilities)
      })

      it("vulnerabilities CSV: the page's by-vulnerability view, every severity, excluded ones too", async () => {
        const [header, ...rows] = csvRows((await download('vulnerabilities_csv', scope)).toString('utf8'))
        // the page's grouping with every severity switched on, as the CSV lists them
        const groups = groupByVulnerability(
          componentRows(
            report,
            { languages: report.summary.languages, issuesOnly: true, scope },
            { ...DEFAULT_SECURITY_FILTERS, severities: SEVERITY_ORDER },
          ),
        )
        expect(rows).toHaveLength(groups.length)
        const count = header!.indexOf('COUNT')
        expect(rows.reduce((n, r) => n + Number(r[count]), 0)).toBe(
          groups.reduce((n, g) => n + g.components.length, 0),
        )
        // and the active ones among them are the page's vulnerabilities
        const severity = header!.indexOf('SEVERITY')
        expect(rows.filter((r) => ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'].includes(r[severity]!)).length).toBe(
          groups.filter((g) => ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'].includes(g.advice.severity)).length,
        )
      })

      it('stability and licence CSVs: one row per component of their domain', async () => {
        expect(csvRows((await download('stability_csv', scope)).toString('utf8')).length - 1).toBe(
          page.stability.components,
        )
        expect(csvRows((await download('licenses_csv', scope)).toString('utf8')).length - 1).toBe(
          page.licensing.components,
        )
      })

      it('CycloneDX JSON and XML: the components and every finding of the page', async () => {
        const bom = JSON.parse((await download('sbom-cdx.json', scope)).toString('utf8')) as {
          components: unknown[]
          vulnerabilities?: { affects: unknown[] }[]
        }
        expect(bom.components).toHaveLength(page.components)
        expect((bom.vulnerabilities ?? []).reduce((n, v) => n + v.affects.length, 0)).toBe(findings(page))
        const xml = (await download('sbom-cdx.xml', scope)).toString('utf8')
        expect(xml.match(/<component type="library"/g)?.length ?? 0).toBe(page.components)
        // the XML carries the same vulnerabilities: one <affects> target per finding
        const affects = xml.match(/<vulnerability[\s>][\s\S]*?<\/vulnerability>/g) ?? []
        expect(affects.reduce((n, v) => n + (v.match(/<target>/g)?.length ?? 0), 0)).toBe(findings(page))
      })

      it('SPDX: one package per component beside the project', async () => {
        const spdx = JSON.parse((await download('sbom-spdx.json', scope)).toString('utf8')) as {
          packages: unknown[]
        }
        expect(spdx.packages.length - 1).toBe(page.components)
      })

      it('licence bible JSON and PDF: every component of the licensing domain', async () => {
        const bible = JSON.parse((await download('bible_json', scope)).toString('utf8')) as {
          languages: { components: unknown[] }[]
        }
        expect(bible.languages.reduce((n, l) => n + l.components.length, 0)).toBe(page.licensing.components)
        expect(pdfText(await download('bible_pdf', scope))).toContain(
          `${page.licensing.components} components`,
        )
      })
    })
  }

  it('downloaded every export format in both scopes', () => {
    const expected = exportFormatSchema.options.flatMap((f) => [`${f} all`, `${f} prod`])
    expect([...downloaded].sort()).toEqual(expected.sort())
  })
})
