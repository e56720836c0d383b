// Issue 14 "Unknown is not 100" on the report page: a domain not assessed whole reads n/a (never a
// number), the PARTIAL banner lists what is missing, Report Details says which advisory data was used,
// an SBOM without a graph says its relationships are unknown, and the history picker reads n/a.
import type { AdvisorySnapshot, Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import {
  advisoryDataView,
  gapLines,
  historyScores,
  relationshipView,
  scoreBadgeView,
  scoreText,
  sectionSubtitle,
} from './assessment-view'
import { minimalReport } from './fixtures/minimal-report'

const gap = {
  kind: 'missing-metadata' as const,
  message: '2 components got no registry metadata: newer versions unknown.',
  count: 2,
  examples: ['left-pad@1.3.0', 'ms@2.1.3'],
}

function withStability(state: 'partial' | 'none', partialScore: number | null, failed: boolean): Report {
  const base = minimalReport()
  return minimalReport({
    stability: {
      ...base.stability,
      score: null,
      assessed: state === 'partial',
      assessment: {
        state,
        components: 3,
        assessedComponents: state === 'partial' ? 1 : 0,
        partialScore,
        gaps: [gap],
      },
    },
    gate: { failed: failed ? ['stability'] : [], partialFails: failed },
  })
}

describe('score badges', () => {
  it('shows the number and pass or fail against the threshold when assessed whole', () => {
    const report = minimalReport()
    expect(scoreBadgeView(report, 'security')).toMatchObject({ state: 'pass', value: '90', status: 'PASS' })
    expect(scoreBadgeView(report, 'stability')).toMatchObject({ state: 'fail', value: '55' })
  })

  it('never shows a number for a domain not assessed: n/a with the reason', () => {
    const view = scoreBadgeView(withStability('none', null, true), 'stability')
    expect(view).toEqual({ state: 'unassessed', value: 'n/a', status: 'NOT ASSESSED', caption: gap.message })
  })

  it('a partly assessed domain reads n/a, with how much was assessed and the score over it', () => {
    const failing = scoreBadgeView(withStability('partial', 100, true), 'stability')
    expect(failing).toMatchObject({ state: 'partial', value: 'n/a', status: 'PARTLY ASSESSED' })
    expect(failing.caption).toBe('1 of 3 components assessed · 100 over those')
    // the account lets a partial domain pass on its partial score: the badge says it passes, still n/a
    const lenient = scoreBadgeView(withStability('partial', 100, false), 'stability')
    expect(lenient.value).toBe('n/a')
    expect(lenient.caption).toBe('1 of 3 components assessed · 100 over those, which passes')
  })

  it('reads null as n/a in text and in the history picker', () => {
    expect(scoreText(null)).toBe('n/a')
    expect(scoreText(0)).toBe('0')
    expect(historyScores({ security: null, stability: 72, licensing: null })).toBe('n/a / 72 / n/a')
  })
})

describe('the partial-build banner', () => {
  it('lists each gap with the domains it affects and how many more than its examples', () => {
    const report = minimalReport({
      status: 'PARTIAL',
      gaps: [
        {
          kind: 'incomplete-graph',
          message:
            'The dependency graph is incomplete: 76 POMs, parents, BOMs or versions could not be fetched.',
          count: 76,
          examples: ['pom.xml:1', 'pom.xml:2', 'pom.xml:3', 'pom.xml:4', 'pom.xml:5'],
          domains: ['security', 'stability', 'licensing'],
        },
        { ...gap, domains: ['stability'] },
      ],
    })
    expect(gapLines(report)).toEqual([
      {
        key: 'incomplete-graph-0',
        message: report.gaps[0]?.message,
        domains: 'security, stability and licensing',
        examples: report.gaps[0]?.examples,
        more: 71,
      },
      {
        key: 'missing-metadata-1',
        message: gap.message,
        domains: 'stability',
        examples: gap.examples,
        more: 0,
      },
    ])
  })
})

describe('advisory data in Report Details', () => {
  const snapshot = (over: Partial<AdvisorySnapshot>): AdvisorySnapshot => ({
    state: 'fresh',
    records: 1234,
    byEcosystem: { maven: 34, npm: 1200 },
    sources: [],
    lastSuccessAt: '2026-11-25T10:30:00.000Z',
    syncIntervalHours: 24,
    problem: null,
    takenAt: '2026-11-25T11:00:00.000Z',
    ...over,
  })

  it('says what the report was built with', () => {
    expect(advisoryDataView(snapshot({}))).toEqual({
      warn: false,
      state: 'Up to date',
      line: '1,234 advisories (npm 1,200, maven 34), last synced 2026-11-25 10:30 UTC',
    })
  })

  it('warns when the store was empty or stale, with the reason', () => {
    const empty = advisoryDataView(
      snapshot({
        state: 'empty',
        records: 0,
        byEcosystem: {},
        lastSuccessAt: null,
        problem: 'The advisory store is empty.',
      }),
    )
    expect(empty).toEqual({ warn: true, state: 'Empty', line: 'no advisories. The advisory store is empty.' })
    const stale = advisoryDataView(
      snapshot({ state: 'stale', problem: 'last successful sync 50 h ago, sync interval 24 h' }),
    )
    expect(stale?.warn).toBe(true)
    expect(stale?.line).toMatch(/50 h ago/)
  })

  it('is absent on reports stored before it was recorded', () => {
    expect(advisoryDataView(undefined)).toBeNull()
  })
})

describe('relationships', () => {
  it('an SBOM without a graph: direct and transitive unknown, never Direct 100%', () => {
    expect(relationshipView({ direct: 0, transitive: 0, unknownRelationships: 2 })).toEqual({
      direct: 'unknown',
      transitive: 'unknown',
      note: '2 components come from an SBOM without a dependency graph: whether they are direct or transitive is unknown.',
    })
  })

  it('counts as usual with a graph, and says so when only some are unknown', () => {
    expect(relationshipView({ direct: 2, transitive: 1, unknownRelationships: 0 })).toEqual({
      direct: '2',
      transitive: '1',
      note: null,
    })
    expect(relationshipView({ direct: 2, transitive: 1, unknownRelationships: 1 }).note).toMatch(
      /^1 component comes/,
    )
  })
})

describe('section subtitles', () => {
  const a = (state: 'complete' | 'partial' | 'none') => ({ state, components: 5, assessedComponents: 3 })
  it('no zero counts for a domain not assessed, the share assessed for a partial one', () => {
    expect(sectionSubtitle(a('complete'), '5 components', 'patch 1 · minor 0 · major 2')).toBe(
      '5 components · patch 1 · minor 0 · major 2',
    )
    expect(sectionSubtitle(a('partial'), '5 components', 'patch 1 · minor 0 · major 2')).toBe(
      '5 components · patch 1 · minor 0 · major 2 · partly assessed (3 of 5 components)',
    )
    expect(sectionSubtitle(a('none'), '5 components', 'patch 0 · minor 0 · major 0')).toBe(
      '5 components · not assessed',
    )
  })
})
