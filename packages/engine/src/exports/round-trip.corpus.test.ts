// Round trip (issue 19 acceptance 3): Sextant's CycloneDX export of a real npm project, uploaded again,
// gives the same components, scopes, hashes and findings. Engine level: an upload is extractProject +
// buildReport (server services/uploads.service.ts and jobs/analyse.job.ts), the path taken here for the
// lockfile and again for the exported SBOM (CycloneDX JSON and XML, and SPDX), with the corpus' npm
// advisories. The exports of the real project also validate (CycloneDX: the official schemas).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { describe, expect, it } from 'vitest'
import { parseOsvJsonl } from '../advisories/osv/schema'
import { extractProject } from '../project'
import { buildReport } from '../report/build'
import type { ReportDocument } from '../report/document'
import { requireCorpus } from '../testing/corpus'
import { cyclonedxJson, cyclonedxXml } from './cyclonedx/serialize'
import { cyclonedxXsdErrors } from './cyclonedx/test-xsd'
import { spdxJson } from './spdx/spdx'
import { spdxSchemaErrors } from './spdx/test-schema'

const corpus = requireCorpus()
const advisories = parseOsvJsonl(
  gunzipSync(readFileSync(join(corpus, 'osv', 'npm.jsonl.gz'))).toString('utf8'),
).records
const ctx = { projectName: 'corpus', generatedAt: new Date('2026-11-26T00:00:00Z') }

function upload(files: { path: string; content: string }[]): ReportDocument {
  const extraction = extractProject(files)
  expect(extraction.errors).toEqual([])
  return buildReport({
    uuid: 'r1',
    projectUuid: 'p1',
    branch: 'main',
    now: new Date('2026-11-26T00:00:00Z'),
    graph: extraction.graph,
    warnings: extraction.warnings,
    thresholds: { security: 90, stability: 80, licensing: 95 },
    advisories,
  })
}

/** Per component (purl): scope and hashes; and every finding as purl#advice. */
function inventory(doc: ReportDocument) {
  const components = new Map<string, { scope: string; hashes: string[] }>()
  const findings: string[] = []
  for (const a of doc.security.assessments)
    for (const r of a.reports) {
      const purl = `${r.dependency.library.name}@${r.dependency.version}`
      components.set(purl, {
        scope: r.scope,
        hashes: (r.hashes ?? []).map((h) => `${h.alg}:${h.content}`).sort(),
      })
      for (const adv of r.advices) findings.push(`${purl}#${adv.id}`)
    }
  return { components, findings: findings.sort() }
}

const read = (project: string, file: string) => readFileSync(join(corpus, 'projects', project, file), 'utf8')

describe.each(['nodegoat', 'realworld-express-api'])('CycloneDX round trip of %s', (project) => {
  const original = upload([
    { path: 'package.json', content: read(project, 'package.json') },
    { path: 'package-lock.json', content: read(project, 'package-lock.json') },
  ])
  const before = inventory(original)

  it('starts from a report with dev components, hashes and findings', () => {
    const values = [...before.components.values()]
    expect(values.filter((c) => c.scope === 'dev').length).toBeGreaterThan(50)
    // every name@version the lockfile gives an integrity for has its hash (nodegoat: 821 of 1,091)
    const lock = JSON.parse(read(project, 'package-lock.json')) as {
      packages: Record<string, { name?: string; version?: string; integrity?: string }>
    }
    const withIntegrity = new Set(
      Object.entries(lock.packages)
        .filter(([key, p]) => key !== '' && p.integrity)
        .map(([key, p]) => `${p.name ?? key.slice(key.lastIndexOf('node_modules/') + 13)}@${p.version}`),
    )
    expect(withIntegrity.size).toBeGreaterThan(700)
    expect(new Set([...before.components].filter(([, c]) => c.hashes.length > 0).map(([k]) => k))).toEqual(
      withIntegrity,
    )
    expect(before.findings.length).toBeGreaterThan(0)
    expect(original.project.version).toBe(JSON.parse(read(project, 'package.json')).version)
  })

  it('exports CycloneDX valid against the official 1.6 JSON schema and XSD, and SPDX within the 2.3 rules', async () => {
    const json = cyclonedxJson(original, ctx)
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(json)).toBeNull()
    expect(cyclonedxXsdErrors(cyclonedxXml(original, ctx))).toBeNull()
    expect(spdxSchemaErrors(JSON.parse(spdxJson(original, ctx)))).toBeNull()
  })

  it.each([
    ['JSON', 'corpus.sbom-cdx.json', cyclonedxJson],
    ['XML', 'corpus.sbom-cdx.xml', cyclonedxXml],
    ['SPDX', 'corpus.spdx.json', spdxJson],
  ] as const)(
    're-uploaded as %s gives the same components, scopes, hashes and findings',
    (_f, path, write) => {
      const again = upload([{ path, content: write(original, ctx) }])
      const after = inventory(again)
      expect(after.components.size).toBe(before.components.size)
      expect(new Map([...after.components].sort())).toEqual(new Map([...before.components].sort()))
      expect(after.findings).toEqual(before.findings)
      expect(again.project.version).toBe(original.project.version)
    },
  )
})
