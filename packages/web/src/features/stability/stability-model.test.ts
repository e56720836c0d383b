import type { Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { initialFilters } from '../report/report-filters'
import { stabilityCsv, stabilityRows } from './stability-model'

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

describe('stability rows and CSV', () => {
  it('lists outdated components in scope', () => {
    expect(stabilityRows(report, initialFilters(['nodejs'])).map((r) => r.version.name)).toEqual(['a', 'c'])
    expect(stabilityRows(report, { ...initialFilters(['nodejs']), scope: 'prod' })).toHaveLength(1)
    expect(stabilityRows(report, { ...initialFilters(['nodejs']), issuesOnly: false })).toHaveLength(3)
  })
  it('writes the §9 columns', () => {
    const csv = stabilityCsv(stabilityRows(report, initialFilters(['nodejs']))).split('\r\n')
    expect(csv[0]).toBe('COMPONENT,LANGUAGE,SCOPE,VERSION,LATEST MAJOR,LATEST MINOR,LATEST PATCH')
    expect(csv[1]).toBe('a,nodejs,prod,1.0.0,2.0.0,,1.0.1')
  })
})
