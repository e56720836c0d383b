// Insights with all=true from kept component lists (issue 20): the answer equals the one aggregated from
// every component of every report (aggregateInsights over the full digest, as the route answered before),
// for generated reports, findings and filters; and the lists are read once per report.
import type { LatestReport } from '@sextant/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aggregateAllComponents, ComponentLists, type ListColumns } from './component-lists'
import type { DigestAdvisory, DigestComponent } from './insights.repo'
import { aggregateInsights } from './insights.service'

const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const
const advisory = fc.record({
  id: fc.constantFrom('GHSA-a', 'GHSA-b', 'GHSA-c', 'GHSA-d'),
  cve: fc.constantFrom(null, 'CVE-1'),
  severity: fc.constantFrom(...severities),
  cvss: fc.constant(null),
  epss: fc.constant(null),
  exploited: fc.boolean(),
}) as fc.Arbitrary<DigestAdvisory>

const component = fc.record({
  language: fc.constantFrom('nodejs', 'python'),
  name: fc.constantFrom('a', 'b', 'B', 'ab', 'c'),
  version: fc.constantFrom('1.0.0', '2.0.0', '10.0.0'),
  advisories: fc.uniqueArray(advisory, { maxLength: 2, selector: (a) => a.id }),
})

const report = fc.record({
  project: fc.integer({ min: 0, max: 3 }),
  branch: fc.constantFrom('main', 'dev', 'x'),
  listed: fc.boolean(),
  components: fc.array(component, { maxLength: 8 }),
})

const query = fc.record({
  component: fc.constantFrom(undefined, 'b', 'zz'),
  language: fc.constantFrom(undefined, 'NodeJS'),
  limit: fc.integer({ min: 1, max: 6 }),
  offset: fc.integer({ min: 0, max: 4 }),
})

// two projects share a name: their branches interleave in the order of the latest reports
const projectNames = ['alpha', 'beta', 'alpha', 'gamma']

describe('aggregateAllComponents', () => {
  it('answers what aggregating every component of every report answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(report, { maxLength: 6, selector: (r) => `${r.project}/${r.branch}` }),
        query,
        async (reports, q) => {
          const latest: LatestReport[] = reports.map(
            (r, i) =>
              ({
                projectUuid: `p${r.project}`,
                projectName: projectNames[r.project]!,
                branch: r.branch,
                reportUuid: `r${i}`,
              }) as LatestReport,
          )
          const columns: ListColumns[] = reports.flatMap((r, i) =>
            r.listed
              ? [
                  {
                    reportUuid: `r${i}`,
                    languages: r.components.map((c) => c.language),
                    names: r.components.map((c) => c.name),
                    versions: r.components.map((c) => c.version),
                  },
                ]
              : [],
          )
          const everyComponent: DigestComponent[] = []
          const findings: DigestComponent[] = []
          reports.forEach((r, i) => {
            for (const c of r.components) {
              const entry = { ...c, reportUuid: `r${i}` }
              if (c.advisories.length > 0) findings.push(entry)
              // a report without stored lists was listed by its findings alone
              if (r.listed || c.advisories.length > 0) everyComponent.push(entry)
            }
          })
          const expected = aggregateInsights(everyComponent, new Map(latest.map((r) => [r.reportUuid, r])), {
            ...q,
            severity: [],
            all: true,
          })
          const { tables, lists } = await new ComponentLists().listsOf(
            latest.map((r) => r.reportUuid),
            async (missing) => columns.filter((c) => missing.includes(c.reportUuid)),
          )
          expect(aggregateAllComponents(latest, lists, tables, findings, q)).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('reads each report once and keeps it; a report without stored lists is asked again', async () => {
    const cache = new ComponentLists()
    const asked: string[][] = []
    const read = async (missing: string[]): Promise<ListColumns[]> => {
      asked.push(missing)
      return missing
        .filter((u) => u !== 'none')
        .map((reportUuid) => ({ reportUuid, languages: ['nodejs'], names: ['a'], versions: ['1'] }))
    }
    await cache.listsOf(['r1', 'r2', 'none'], read)
    const again = await cache.listsOf(['r1', 'r2', 'r3', 'none'], read)
    expect(asked).toEqual([
      ['r1', 'r2', 'none'],
      ['r3', 'none'],
    ])
    expect([...again.lists.keys()].sort()).toEqual(['r1', 'r2', 'r3'])
    expect(again.tables.keys).toEqual([{ language: 'nodejs', name: 'a' }])
  })
})
