// Findings per corpus project (issue 9 acceptance 2-3; corpus README §5 expected/projects): the
// reference inventories matched against the npm and Maven advisories give exactly the expected
// findings (component → advisory ids). Extraction is not under test here, matching is.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Ecosystem } from '../model'
import { requireCorpus } from '../testing/corpus'
import { buildAdvisoryIndex, matchPackage } from './advisory-index'
import { ecosystemOfOsv } from './ecosystems'
import { parseOsvJsonl } from './osv/schema'

const corpus = requireCorpus()
const records = ['npm', 'maven'].flatMap(
  (name) =>
    parseOsvJsonl(gunzipSync(readFileSync(join(corpus, 'osv', `${name}.jsonl.gz`))).toString('utf8')).records,
)
const index = buildAdvisoryIndex(records)

interface ExpectedProject {
  project: string
  components: Record<string, string[]>
  findings: { file: string; ecosystem: string; package: string; version: string; advisories: string[] }[]
}

/** 'npm:@scope/name@1.0.0' or 'Maven:group:artifact@1.0' → parts. */
function parseComponent(text: string): { ecosystem: Ecosystem; name: string; version: string } | null {
  const colon = text.indexOf(':')
  const at = text.lastIndexOf('@')
  const ecosystem = ecosystemOfOsv(text.slice(0, colon))
  if (ecosystem === null || at <= colon + 1) return null
  return { ecosystem, name: text.slice(colon + 1, at), version: text.slice(at + 1) }
}

const dir = join(corpus, 'expected', 'projects')
const projects = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ExpectedProject)

describe('expected findings of the corpus projects', () => {
  it('covers 20 projects and 931 expected (file, component, advisory) findings', () => {
    expect(projects.length).toBe(20)
    expect(projects.reduce((n, p) => n + p.findings.reduce((m, f) => m + f.advisories.length, 0), 0)).toBe(
      931,
    )
  })

  it.each(projects.map((p) => [p.project, p] as const))('%s', (_name, project) => {
    const expected = new Set(
      project.findings.flatMap((f) =>
        f.advisories.map((id) => `${f.file} ${ecosystemOfOsv(f.ecosystem)}:${f.package}@${f.version} ${id}`),
      ),
    )
    const ours = new Set<string>()
    let unparseable = 0
    for (const [file, components] of Object.entries(project.components)) {
      for (const text of new Set(components)) {
        const c = parseComponent(text)
        if (c === null) continue
        const r = matchPackage(index, c)
        if (r.status === 'unparseable') unparseable++
        for (const hit of r.affected)
          ours.add(`${file} ${c.ecosystem}:${c.name}@${c.version} ${hit.record.id}`)
      }
    }
    expect([...ours].filter((x) => !expected.has(x)).sort()).toEqual([])
    expect([...expected].filter((x) => !ours.has(x)).sort()).toEqual([])
    expect(unparseable).toBe(0)
  })
})
