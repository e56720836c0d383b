// The findings table's model (issue 19 "Findings table"): each filter, sorting with nulls last, and the
// view round-tripping through the URL (columns, sort, filters; other parameters kept).
import type { FindingRowDto } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VIEW,
  filterRows,
  filterRowsOnce,
  inKeyOrder,
  NO_FILTERS,
  sortRows,
  sortRowsOnce,
  viewFromSearch,
  viewToSearch,
} from './findings-model'

const row = (over: Partial<FindingRowDto>): FindingRowDto => ({
  key: `nodejs/${over.name ?? 'x'}@${over.version ?? '1.0.0'}#${over.adviceId ?? 'GHSA-x'}`,
  name: 'x',
  language: 'nodejs',
  version: '1.0.0',
  adviceId: 'GHSA-x',
  cve: null,
  title: '',
  severity: 'LOW',
  cvss: null,
  epss: null,
  kev: false,
  safeVersion: null,
  direct: true,
  scope: 'prod',
  state: 'not_set',
  justification: null,
  excluded: false,
  expired: null,
  isNew: false,
  introducedThrough: '',
  ...over,
})
const rows = [
  row({
    name: 'lodash',
    severity: 'CRITICAL',
    cvss: 9.8,
    epss: 0.5,
    kev: true,
    safeVersion: '4.17.21',
    adviceId: 'A',
  }),
  row({
    name: 'minimist',
    severity: 'CRITICAL',
    cvss: 9.1,
    direct: false,
    introducedThrough: 'mkdirp@0.5.1 › minimist@0.0.8',
    adviceId: 'B',
  }),
  row({
    name: 'qs',
    severity: 'HIGH',
    cvss: null,
    scope: 'dev',
    state: 'in_triage',
    isNew: true,
    language: 'java',
    adviceId: 'C',
  }),
]
const names = (list: FindingRowDto[]) => list.map((r) => r.name)

describe('filterRows', () => {
  it.each([
    [{ severities: ['CRITICAL'] }, ['lodash', 'minimist']],
    [{ minCvss: 9.5 }, ['lodash']],
    [{ minEpss: 10 }, ['lodash']],
    [{ kev: 'yes' as const }, ['lodash']],
    [{ fixable: 'no' as const }, ['minimist', 'qs']],
    [{ relation: 'transitive' as const }, ['minimist']],
    [{ scopes: ['dev'] }, ['qs']],
    [{ ecosystems: ['java'] }, ['qs']],
    [{ states: ['not_set'] }, ['lodash', 'minimist']],
    [{ newOnly: true }, ['qs']],
    [{ text: 'MKDIRP' }, ['minimist']],
    [{ severities: ['CRITICAL'], fixable: 'yes' as const, relation: 'direct' as const }, ['lodash']],
  ])('%j', (filters, expected) => {
    expect(names(filterRows(rows, { ...NO_FILTERS, ...filters }))).toEqual(expected)
  })
})

describe('sortRows', () => {
  it('sorts by one column keeping the given order among equal values, missing values last both ways', () => {
    expect(names(sortRows(rows, { column: 'severity', desc: true }))).toEqual(['lodash', 'minimist', 'qs'])
    expect(names(sortRows(rows, { column: 'cvss', desc: false }))).toEqual(['minimist', 'lodash', 'qs'])
    expect(names(sortRows(rows, { column: 'cvss', desc: true }))).toEqual(['lodash', 'minimist', 'qs'])
    expect(names(sortRows(rows.toReversed(), { column: 'severity', desc: true }))).toEqual([
      'minimist',
      'lodash',
      'qs',
    ])
  })

  it('puts the rows in key order, the order kept among equal values', () => {
    expect(inKeyOrder(rows.toReversed()).map((r) => r.key)).toEqual([
      'nodejs/lodash@1.0.0#A',
      'nodejs/minimist@1.0.0#B',
      'nodejs/qs@1.0.0#C',
    ])
  })
})

describe('filterRowsOnce and sortRowsOnce', () => {
  it('answer the same array for the same rows and view again, and compute anew for another', () => {
    const critical = { ...NO_FILTERS, severities: ['CRITICAL' as const] }
    const filtered = filterRowsOnce(rows, critical)
    expect(names(filtered)).toEqual(['lodash', 'minimist'])
    expect(filterRowsOnce(rows, { ...critical })).toBe(filtered)
    expect(names(filterRowsOnce(rows, NO_FILTERS))).toEqual(['lodash', 'minimist', 'qs'])
    expect(filterRowsOnce(rows, critical)).not.toBe(filtered)
    const byCvss = sortRowsOnce(filtered, { column: 'cvss', desc: false })
    expect(names(byCvss)).toEqual(['minimist', 'lodash'])
    expect(sortRowsOnce(filtered, { column: 'cvss', desc: false })).toBe(byCvss)
    expect(names(sortRowsOnce(filtered, { column: 'cvss', desc: true }))).toEqual(['lodash', 'minimist'])
  })
})

describe('the view in the URL', () => {
  it('round-trips columns, sort and filters, keeping other parameters', () => {
    const view = {
      columns: ['component', 'advisory', 'path'] as const,
      sort: { column: 'cvss' as const, desc: false },
      filters: {
        ...NO_FILTERS,
        severities: ['CRITICAL'],
        fixable: 'yes' as const,
        relation: 'direct' as const,
        text: 'a b',
      },
    }
    const search = viewToSearch(
      { ...view, columns: [...view.columns] },
      new URLSearchParams('mode=eli&view=table'),
    )
    expect(search.get('mode')).toBe('eli')
    expect(search.get('f.cols')).toBe('component,advisory,path')
    expect(viewFromSearch(search)).toEqual({ ...view, columns: [...view.columns] })
  })

  it('leaves defaults out and ignores unknown values', () => {
    expect(viewToSearch(DEFAULT_VIEW, new URLSearchParams()).toString()).toBe('')
    expect(viewFromSearch(new URLSearchParams('f.cols=nope,cvss&f.sev=BAD&f.kev=maybe'))).toEqual({
      ...DEFAULT_VIEW,
      columns: ['cvss'],
    })
  })
})
