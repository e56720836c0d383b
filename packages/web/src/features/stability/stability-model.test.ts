import type { Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { initialFilters } from '../../shared/report/report-filters'
import { stabilityRows } from './stability-model'

const v = (name: string, patch: boolean, scope: 'prod' | 'dev' = 'prod') => ({
  name,
  version: '1.0.0',
  scope,
  latestPatch: patch ? '1.0.1' : null,
  latestMinor: null,
  latestMajor: '2.0.0',
  newPatchVersionAvailable: patch,
  newMinorVersionAvailable: false,
  newMajorVersionAvailable: false,
})
const report = {
  stability: {
    reports: [
      {
        language: 'nodejs',
        componentsCount: 3,
        versions: [v('a', true), v('b', false), v('c', true, 'dev')],
      },
    ],
  },
} as unknown as Report

describe('stability rows', () => {
  it('lists outdated components in scope', () => {
    expect(stabilityRows(report, initialFilters(['nodejs'])).map((r) => r.version.name)).toEqual(['a', 'c'])
    expect(stabilityRows(report, { ...initialFilters(['nodejs']), scope: 'prod' })).toHaveLength(1)
    expect(stabilityRows(report, { ...initialFilters(['nodejs']), issuesOnly: false })).toHaveLength(3)
  })
})
