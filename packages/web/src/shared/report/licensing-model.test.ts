import type { Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import {
  blurText,
  groupByLicence,
  licensingRows,
  riskRank,
  shouldBlur,
  UNDECLARED_LABEL,
} from './licensing-model'
import { initialFilters } from './report-filters'

const r = (name: string, over: Record<string, unknown> = {}) => ({
  library: { name, displayName: name, language: 'nodejs', unityPlugin: false },
  version: '1.0.0',
  scope: 'prod',
  transitive: false,
  licenses: [{ id: 'MIT', name: 'MIT', uri: null }],
  warnings: [],
  violations: [],
  ...over,
})
const report = {
  licensing: {
    reports: [
      {
        language: 'nodejs',
        componentsCount: 4,
        results: [
          r('alpha'),
          r('beta', { licenses: [], warnings: [] }),
          r('gamma', {
            licenses: [{ id: 'GPL-3.0', name: 'GPL', uri: null }],
            violations: [{ policyName: 'no-gpl', licence: 'GPL-3.0' }],
          }),
          r('delta', {
            licenses: [{ id: 'GPL-3.0', name: 'GPL', uri: null }],
            violations: [{ policyName: 'no-gpl', licence: 'GPL-3.0' }],
            exclusions: [{}],
          }),
        ],
      },
    ],
  },
} as unknown as Report

describe('licensing rows', () => {
  it('sorts by risk: violations, warnings, excluded', () => {
    const rows =
      licensingRows(report, { ...initialFilters(['nodejs']), issuesOnly: false }, 'risk').get('nodejs') ?? []
    expect(rows.map((row) => row.result.library.name)).toEqual(['gamma', 'beta', 'delta', 'alpha'])
    expect(rows.map((row) => riskRank(row.result))).toEqual([0, 1, 2, 3])
    const byName =
      licensingRows(report, { ...initialFilters(['nodejs']), issuesOnly: false }, 'name').get('nodejs') ?? []
    expect(byName.map((row) => row.result.library.name)).toEqual(['alpha', 'beta', 'delta', 'gamma'])
  })
  it('keeps issues only by default and groups the legal view by licence', () => {
    const rows = licensingRows(report, initialFilters(['nodejs']), 'name').get('nodejs') ?? []
    expect(rows).toHaveLength(3)
    expect(groupByLicence(rows).map((g) => [g.licence, g.rows.length])).toEqual([
      ['GPL-3.0', 2],
      [UNDECLARED_LABEL, 1],
    ])
  })
  it('blurs past 10 percent with the scramble helper', () => {
    expect(shouldBlur(1, 100)).toBe(false)
    expect(shouldBlur(11, 100)).toBe(true)
    expect(blurText('lodash-4.17.21')).toBe('svkhzo63943')
  })
})
