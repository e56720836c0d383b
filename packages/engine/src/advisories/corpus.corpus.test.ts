// The advisory corpus end to end (issue 9 acceptance 1 and 3; corpus README §1, §5): every record
// of ../shared/corpus/osv loads, and every expectation of expected/matches.jsonl holds.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Ecosystem } from '../model'
import { requireCorpus } from '../testing/corpus'
import { getVersionScheme } from '../versioning/api'
import { coerceNpmVersion, npmSatisfies } from '../versioning/npm'
import { buildAdvisoryIndex, matchPackage } from './advisory-index'
import { npmVulnerableVersions } from './npm-range'
import { parseOsvJsonl } from './osv/schema'

const corpus = requireCorpus()

function load(name: string) {
  const text = gunzipSync(readFileSync(join(corpus, 'osv', `${name}.jsonl.gz`))).toString('utf8')
  return parseOsvJsonl(text, `${name}.jsonl.gz`)
}

interface Expectation {
  ecosystem: string
  package: string
  version: string
  affected_by: string[]
  not_affected_by: string[]
  ignored_withdrawn?: string[]
}

const expectations = readFileSync(join(corpus, 'expected', 'matches.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Expectation)

const npm = load('npm')
const maven = load('maven')
const pypi = load('pypi')

describe('OSV corpus import', () => {
  it.each([
    ['npm', npm, 451],
    ['maven', maven, 366],
    ['pypi', pypi, 2661],
  ] as const)('%s: every record loads, none skipped', (_name, batch, count) => {
    expect(batch.warnings).toEqual([])
    expect(batch.records.length).toBe(count)
  })

  it('indexes every record; 12 npm and 10 PyPI records are withdrawn', () => {
    const index = buildAdvisoryIndex([...npm.records, ...maven.records, ...pypi.records])
    expect(index.records.size).toBe(451 + 366 + 2661)
    expect(npm.records.filter((r) => r.withdrawn !== null).length).toBe(12)
    expect(pypi.records.filter((r) => r.withdrawn !== null).length).toBe(10)
    expect(index.unindexedEntries).toMatchObject({ 'GitHub Actions': 2, SwiftURL: 2 })
  })
})

/** Contradictions with the expectations, and advisories we decide where the oracle left them out. */
function check(ecosystem: Ecosystem, osvName: string) {
  const index = buildAdvisoryIndex([...npm.records, ...maven.records])
  const cases = expectations.filter((e) => e.ecosystem === osvName)
  const failures: string[] = []
  const beyondOracle: string[] = []
  for (const c of cases) {
    const r = matchPackage(index, { ecosystem, name: c.package, version: c.version })
    const affected = new Set(r.affected.map((h) => h.record.id))
    const notAffected = new Set(r.notAffected.map((x) => x.id))
    const withdrawn = new Set(r.ignoredWithdrawn.map((x) => x.id))
    const at = `${c.package}@${c.version}`
    for (const id of c.affected_by) if (!affected.has(id)) failures.push(`${at} should be affected by ${id}`)
    for (const id of c.not_affected_by)
      if (!notAffected.has(id)) failures.push(`${at} should not be affected by ${id}`)
    for (const id of c.ignored_withdrawn ?? [])
      if (!withdrawn.has(id)) failures.push(`${at} should ignore withdrawn ${id}`)
    for (const id of affected) {
      if (!c.affected_by.includes(id) && !c.not_affected_by.includes(id)) beyondOracle.push(`${at} ${id}`)
    }
  }
  return { cases: cases.length, failures, beyondOracle }
}

describe('expected/matches.jsonl', () => {
  it('npm: every affected_by / not_affected_by / ignored_withdrawn expectation holds, nothing more', () => {
    const { cases, failures, beyondOracle } = check('npm', 'npm')
    expect(cases).toBe(1073)
    expect(failures).toEqual([])
    expect(beyondOracle).toEqual([])
  })

  // The oracle evaluated Maven ranges only when every event is plain numeric and otherwise left
  // the entry undecided, yet called the advisory "not affected" when another entry of it decided so.
  // For these ten, the version lies inside a range with a milestone/alpha/qualifier event
  // ('9.0.0-M1', '2.0.6-alpha', '0.9.3-1'), and none of the ten versions is in the entry's osv.dev
  // `versions` enumeration (never published for that artifact, so no real lockfile carries them).
  //
  // How osv.dev itself decides such a version (read in google/osv.dev, gcp/api/server.py at commit
  // d473ec73, and osv/ecosystems/maven.py at commit 170bcace): `query_by_version` sends an ecosystem
  // whose helper has `supports_comparing` to `_query_by_comparing_versions`, and the Maven helper
  // (`class Maven(DepsDevMixin, EnumerableEcosystem)`) answers `supports_comparing = True`. There
  // `_is_affected` answers affected when the version is in `versions`, and otherwise walks each
  // range's events sorted by the ecosystem (`osv.sorted_events`) comparing `sort_key`s: `introduced`
  // ('0' or v >= introduced) sets affected, `fixed` (v >= fixed) and `last_affected`
  // (v > last_affected) clear it. Maven's `sort_key` is its Maven-3 `Version` (qualifiers ordered:
  // 'm'/'milestone' < release, so 9.0.0-M1 < 9.0.0). Only ecosystems without `supports_comparing`
  // fall back to `_query_by_generic_version`, which matches the enumerated `versions` alone (an older
  // server.py, commit 0114dc80, did that for every non-SemVer ecosystem, Maven included).
  // So osv.dev's own answer for these ten is "affected", as ours; the expectation file's "not
  // affected" comes from its oracle leaving the qualifier ranges undecided, not from OSV semantics.
  // Switching to enumeration-only matching would also hide vulnerabilities from versions published
  // after osv.dev's last enumeration: a false negative. We keep the OSV answer.
  const documentedMavenDifferences = [
    'org.apache.hadoop:hadoop-common@2.0.0 should not be affected by GHSA-pxv5-5vmp-3jj4',
    'org.apache.thrift:libthrift@0.5.0 should not be affected by GHSA-wjxj-f8rg-99wx',
    'org.apache.tomcat:tomcat@9.0.0 should not be affected by GHSA-g8pj-r55q-5c2v',
    'org.apache.tomcat:tomcat@9.0.0 should not be affected by GHSA-q3mw-pvr8-9ggc',
    'org.apache.tomcat:tomcat@9.0.0 should not be affected by GHSA-r6j3-px5g-cq3x',
    'org.apache.tomcat:tomcat@9.0.28 should not be affected by GHSA-g8pj-r55q-5c2v',
    'org.apache.tomcat:tomcat@9.0.28 should not be affected by GHSA-q3mw-pvr8-9ggc',
    'org.apache.tomcat:tomcat@9.0.28 should not be affected by GHSA-r6j3-px5g-cq3x',
    'org.apache.tomcat:tomcat-coyote@9.0.0 should not be affected by GHSA-7w75-32cg-r6g2',
    'org.apache.tomcat:tomcat-coyote@9.0.0 should not be affected by GHSA-hfrx-6qgj-fp6c',
  ]

  it.runIf(getVersionScheme('maven') !== null)(
    'Maven: every expectation holds but ten documented oracle gaps; no listed version is missed',
    () => {
      const { cases, failures, beyondOracle } = check('maven', 'Maven')
      expect(cases).toBe(1538)
      expect(failures).toEqual(documentedMavenDifferences)
      const index = buildAdvisoryIndex(maven.records)
      for (const f of failures) {
        const m = /^(\S+)@(\S+) should not be affected by (\S+)$/.exec(f)
        const [, name = '', version = '', id = ''] = m ?? []
        const entries = index.byPackage.get(`maven\u0000${name}`) ?? []
        const own = entries.filter((e) => e.record.id === id)
        expect(
          own.some((e) => e.versions.has(version)),
          f,
        ).toBe(false)
        const oddEvent = own.some((e) =>
          e.affected.ranges.some((r) => r.events.some((ev) => !/^[0-9.]+$/.test(ev.version))),
        )
        expect(oddEvent, f).toBe(true)
      }
      // Advisories the oracle left undecided that our Maven scheme decides as affected.
      expect(beyondOracle.length).toBe(6)
    },
  )
})

describe('npm vulnerable_versions (for the npm audit oracle)', () => {
  it('agrees with matching on every npm expectation', () => {
    const byId = new Map(npm.records.map((r) => [r.id, r]))
    const disagreements: string[] = []
    let checked = 0
    for (const c of expectations.filter((e) => e.ecosystem === 'npm')) {
      const version = coerceNpmVersion(c.version) ?? c.version
      for (const [ids, want] of [
        [c.affected_by, true],
        [c.not_affected_by, false],
      ] as const) {
        for (const id of ids) {
          const record = byId.get(id)
          const range = record ? npmVulnerableVersions(record, c.package) : null
          const got = range !== null && npmSatisfies(version, range, { includePrerelease: true })
          checked++
          if (got !== want) disagreements.push(`${c.package}@${c.version} ${id} ${range}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(1500)
    expect(disagreements).toEqual([])
  })
})
