import type { ExclusionDto } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import {
  appliedExclusionIds,
  exclusionCovers,
  exclusionSubject,
  type Finding,
  findingExclusions,
  isExcludedNow,
} from './exclusion-state'

const stored = (over: Partial<ExclusionDto>): ExclusionDto => ({
  id: 'x1',
  source: 'security:advices',
  domain: 'security',
  reason: 'mitigated',
  description: 'not reachable',
  transitive: false,
  readonly: false,
  creatorUuid: 'm1',
  createdBy: 'Ada',
  createdAt: '2026-11-26T01:00:00.000Z',
  scope: 'branch',
  content: '{}',
  ...over,
})
const advice: Finding = {
  domain: 'security',
  language: 'nodejs',
  name: 'lodash',
  version: '4.17.20',
  adviceId: 'GHSA-1',
  cve: 'CVE-2021-1',
}
const stability: Finding = { domain: 'stability', language: 'nodejs', name: 'debug', version: '2.6.9' }

describe('exclusionCovers (§5 matching)', () => {
  it.each([
    ['advice by uuid', stored({ uuid: 'GHSA-1' }), advice, true],
    ['another advice', stored({ uuid: 'GHSA-2' }), advice, false],
    ['CVE, any version', stored({ source: 'security:cves', cve: 'CVE-2021-1', version: '*' }), advice, true],
    [
      'CVE, other version',
      stored({ source: 'security:cves', cve: 'CVE-2021-1', version: '1.0.0' }),
      advice,
      false,
    ],
    [
      'security library, exact version',
      stored({
        source: 'security:libraries',
        library: { name: 'lodash', language: 'nodejs' },
        version: '4.17.20',
      }),
      advice,
      true,
    ],
    [
      'security library, wildcard name',
      stored({ source: 'security:libraries', library: { name: 'lod*', language: 'nodejs' }, version: '*' }),
      advice,
      true,
    ],
    [
      'security library, other language',
      stored({ source: 'security:libraries', library: { name: 'lodash', language: 'java' }, version: '*' }),
      advice,
      false,
    ],
    [
      'stability library on a stability finding',
      stored({
        source: 'stability:libraries',
        domain: 'stability',
        library: { name: 'debug', language: 'nodejs' },
        version: '2.6.9',
      }),
      stability,
      true,
    ],
    [
      'licensing library on a stability finding',
      stored({
        source: 'licensing:libraries',
        domain: 'licensing',
        library: { name: 'debug', language: 'nodejs' },
        version: '*',
      }),
      stability,
      false,
    ],
    ['a security exclusion on a stability finding', stored({ uuid: 'GHSA-1' }), stability, false],
  ] as const)('%s', (_, exclusion, finding, expected) => {
    expect(exclusionCovers(exclusion, finding)).toBe(expected)
  })
})

describe('findingExclusions: visible at once, before and after recompute', () => {
  it('shows a stored exclusion as pending before the recompute, with who and when', () => {
    const views = findingExclusions([], [stored({ uuid: 'GHSA-1' })], advice)
    expect(views).toEqual([
      {
        id: 'x1',
        reason: 'mitigated',
        description: 'not reachable',
        readonly: false,
        createdBy: 'Ada',
        createdAt: '2026-11-26T01:00:00.000Z',
        state: 'pending',
      },
    ])
    expect(isExcludedNow(views)).toBe(true)
  })

  it('shows the applied exclusion once after the recompute, still with who and when', () => {
    const applied = [{ id: 'x1', reason: 'mitigated', description: 'not reachable', readonly: false }]
    const views = findingExclusions(applied, [stored({ uuid: 'GHSA-1' })], advice)
    expect(views.map((v) => [v.state, v.createdBy])).toEqual([['applied', 'Ada']])
  })

  it('says an applied exclusion was removed since, and the finding counts again', () => {
    const applied = [{ id: 'x1', reason: 'mitigated', description: 'gone' }]
    const views = findingExclusions(applied, [], advice)
    expect(views.map((v) => v.state)).toEqual(['removed'])
    expect(isExcludedNow(views)).toBe(false)
  })

  it('shows only the report’s own on a historic report, and leaves automatic mitigations to their badge', () => {
    const applied = [
      { id: 'x1', reason: 'mitigated', description: '' },
      { automatic: true, reason: 'mitigated' },
    ]
    expect(findingExclusions(applied, null, advice).map((v) => [v.id, v.state, v.createdBy])).toEqual([
      ['x1', 'applied', null],
    ])
  })
})

const report = {
  security: {
    assessments: [
      {
        reports: [
          {
            dependency: { library: { displayName: 'lodash' }, version: '4.17.20' },
            advices: [{ id: 'GHSA-1', cve: 'CVE-2021-1', exclusions: [{ id: 'x1' }] }],
          },
          {
            dependency: { library: { displayName: 'lodash' }, version: '3.0.0' },
            advices: [
              { id: 'GHSA-1', cve: 'CVE-2021-1', exclusions: [] },
              { id: 'abcdef123456', cve: null, exclusions: [] },
            ],
          },
        ],
      },
    ],
  },
  stability: { reports: [{ versions: [{ exclusions: [{ id: 's1' }] }] }] },
  licensing: { reports: [{ results: [{ exclusions: [{ id: 'l1' }] }, { exclusions: [] }] }] },
}

describe('exclusionSubject names the component and version', () => {
  it.each([
    [stored({ uuid: 'GHSA-1' }), 'CVE-2021-1 in lodash@4.17.20, lodash@3.0.0'],
    [stored({ uuid: 'abcdef123456' }), 'MET-abcdef1 in lodash@3.0.0'],
    [stored({ uuid: 'GHSA-9' }), 'advisory GHSA-9 (not in this report)'],
    [stored({ source: 'security:cves', cve: 'CVE-2021-1', version: '3.0.0' }), 'CVE-2021-1 in lodash@3.0.0'],
    [
      stored({ source: 'stability:libraries', library: { name: 'debug', language: 'nodejs' }, version: '*' }),
      'debug all versions',
    ],
    [
      stored({
        source: 'licensing:libraries',
        library: { name: 'left-pad', language: 'nodejs' },
        version: '1.3.0',
      }),
      'left-pad 1.3.0',
    ],
  ] as const)('%#', (exclusion, expected) => {
    expect(exclusionSubject(exclusion, report)).toBe(expected)
  })

  it('lists the ids the report applied in every domain', () => {
    expect([...appliedExclusionIds(report)].sort()).toEqual(['l1', 's1', 'x1'])
  })
})
