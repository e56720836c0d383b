// The page's counts per scope (issue 14 "Scope means scope"): Production narrows every count; excluded
// findings leave the severity, lane and licence counts and are counted apart.
// The web app reads these same figures from the served report (contract Report.totals), so this is the
// one place they are proven (issue 18 acceptance 7).
import { describe, expect, it } from 'vitest'
import { reportTotals, type TotalsInput } from './totals'

const library = (name: string) => ({ name, displayName: name, language: 'nodejs', unityPlugin: false })
const advice = (id: string, severity: string, excluded = false) => ({
  id,
  severity,
  ...(excluded ? { exclusions: [{ reason: 'mitigated' }] } : {}),
})
const component = (name: string, scope: string, transitive: boolean, advices: unknown[]) => ({
  dependency: { library: library(name), version: '1.0.0' },
  advices,
  scope,
  transitive,
})
const version = (
  name: string,
  scope: string,
  lane: 'major' | 'minor' | 'patch' | null,
  excluded = false,
) => ({
  name,
  version: '1.0.0',
  scope,
  newMajorVersionAvailable: lane === 'major',
  newMinorVersionAvailable: lane === 'minor',
  newPatchVersionAvailable: lane === 'patch',
  ...(excluded ? { exclusions: [{}] } : {}),
})
const result = (name: string, scope: string, issue: 'forbidden' | 'undeclared' | null) => ({
  library: library(name),
  version: '1.0.0',
  scope,
  transitive: true,
  licenses: [{ id: issue === 'undeclared' ? 'NOT DECLARED / NOT FOUND' : 'MIT' }],
  warnings: [],
  violations: issue === 'forbidden' ? [{ policyName: 'no-gpl', licence: 'GPL-3.0' }] : [],
})

function report(): TotalsInput {
  return {
    summary: { components: 3, direct: 1, transitive: 2, unknownRelationships: 0, languages: ['nodejs'] },
    security: {
      assessed: true,
      assessments: [
        {
          language: 'nodejs',
          componentsCount: 3,
          trusted: [],
          reports: [
            component('a', 'prod', false, [advice('1', 'HIGH'), advice('2', 'CRITICAL', true)]),
            component('b', 'dev', true, [advice('3', 'LOW')]),
            component('c', 'prod', true, []),
          ],
        },
      ],
    },
    stability: {
      assessed: true,
      reports: [
        {
          language: 'nodejs',
          componentsCount: 3,
          versions: [
            version('a', 'prod', 'major'),
            version('b', 'dev', 'patch'),
            version('c', 'prod', 'minor', true),
          ],
        },
      ],
    },
    licensing: {
      assessed: true,
      reports: [
        {
          language: 'nodejs',
          componentsCount: 3,
          results: [
            result('a', 'prod', 'forbidden'),
            result('b', 'dev', 'undeclared'),
            result('c', 'prod', null),
          ],
        },
      ],
    },
  } as unknown as TotalsInput
}

describe('reportTotals', () => {
  it('counts every dependency for All dependencies', () => {
    const t = reportTotals(report(), 'all')
    expect([t.components, t.direct, t.transitive]).toEqual([3, 1, 2])
    expect(t.security).toMatchObject({
      critical: 0,
      high: 1,
      low: 1,
      vulnerabilities: 2,
      excluded: 1,
      vulnerableComponents: 2,
    })
    expect(t.stability).toMatchObject({
      components: 3,
      major: 1,
      patch: 1,
      minor: 0,
      outdated: 2,
      excluded: 1,
    })
    expect(t.licensing).toMatchObject({ components: 3, forbidden: 1, undeclared: 1, clean: 1 })
  })
  it('narrows every count to production dependencies for Production', () => {
    const t = reportTotals(report(), 'prod')
    expect([t.components, t.direct, t.transitive]).toEqual([2, 1, 1])
    expect(t.security).toMatchObject({
      high: 1,
      low: 0,
      vulnerabilities: 1,
      excluded: 1,
      vulnerableComponents: 1,
    })
    expect(t.stability).toMatchObject({ components: 2, major: 1, patch: 0, outdated: 1, excluded: 1 })
    expect(t.licensing).toMatchObject({ components: 2, forbidden: 1, undeclared: 0, clean: 1 })
  })

  it('an SBOM without a graph: components of unknown relationship are neither direct nor transitive', () => {
    const base = report()
    const unknown = <T extends object>(row: T) => ({ ...row, relationshipUnknown: true })
    const sbom = {
      ...base,
      summary: { ...base.summary, direct: 0, transitive: 0, unknownRelationships: 3 },
      security: {
        ...base.security,
        assessments: base.security.assessments.map((a) => ({ ...a, reports: a.reports.map(unknown) })),
      },
      licensing: {
        ...base.licensing,
        reports: base.licensing.reports.map((r) => ({ ...r, results: r.results.map(unknown) })),
      },
    } as TotalsInput
    for (const scope of ['all', 'prod'] as const) {
      const t = reportTotals(sbom, scope)
      expect([t.direct, t.transitive, t.unknownRelationships], scope).toEqual([0, 0, t.components])
    }
    expect(reportTotals(sbom, 'prod').unknownRelationships).toBe(2)
  })

  it('a licence that could not be assessed is not counted clean', () => {
    const base = report()
    const missing = {
      ...base,
      licensing: {
        ...base.licensing,
        reports: base.licensing.reports.map((r) => ({
          ...r,
          results: r.results.map((x) =>
            x.library.name === 'c'
              ? {
                  ...x,
                  licenses: [],
                  warnings: ['License information could not be retrieved for this component'],
                }
              : x,
          ),
        })),
      },
    } as TotalsInput
    expect(reportTotals(missing, 'all').licensing).toMatchObject({ components: 3, clean: 0, unknown: 1 })
    expect(reportTotals(report(), 'all').licensing).toMatchObject({ clean: 1, unknown: 0 })
  })
})
