// The one-line verdicts of the three scores (product-notes "Downloads": pdf, "the three scores with a
// one-line verdict each"), counted as the report page counts (report/totals.ts).
import { describe, expect, it } from 'vitest'
import { sampleReport } from '../testing/sample-report'
import { verdicts } from './verdicts'

describe('score verdicts', () => {
  it('gives each score a one-line verdict', () => {
    const [security, stability, licensing] = verdicts(sampleReport())
    expect(security).toMatchObject({ passed: false, line: '2 vulnerabilities in 2 components: 2 high.' })
    expect(stability!.line).toBe('4 of 6 components outdated: 2 major, 1 minor, 1 patch.')
    expect(licensing!.line).toBe('0 forbidden, 1 not declared, of 6 components.')
  })
})
