import { describe, expect, it } from 'vitest'
import { pageCsvQuery } from './download-rules'
import { initialFilters } from './report-filters'
import { DEFAULT_SECURITY_FILTERS } from './security-model'

describe('pageCsvQuery', () => {
  it('asks the server for the rows the page shows', () => {
    expect(pageCsvQuery('main', 'r-1', { ...initialFilters(['nodejs', 'java']), scope: 'prod' })).toEqual({
      branch: 'main',
      reportUuid: 'r-1',
      scope: 'prod',
      languages: 'nodejs,java',
      issuesOnly: 'true',
    })
  })
  it('sends the security Filters, ranges only when narrowed', () => {
    const query = pageCsvQuery('main', 'r-1', initialFilters(['nodejs']), DEFAULT_SECURITY_FILTERS)
    expect(query).toMatchObject({ severities: 'CRITICAL,HIGH,MEDIUM,LOW', epss: undefined, cvss: undefined })
    const narrowed = pageCsvQuery('main', 'r-1', initialFilters(['nodejs']), {
      ...DEFAULT_SECURITY_FILTERS,
      epss: [0, 12.5],
      cvss: [7, 10],
    })
    expect(narrowed).toMatchObject({ epss: '0,12.5', cvss: '7,10' })
  })
})
