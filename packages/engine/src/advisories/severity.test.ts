import { describe, expect, it } from 'vitest'
import { normaliseDatabaseSeverity, preferredCvss, scoreCvss, severityOf, severityOfScore } from './severity'
import { osvRecord } from './test-records'

describe('scoreCvss', () => {
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', '3.1', 9.8],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/', '3.1', 9.8],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', '3.0', 5.3],
    ['AV:N/AC:L/Au:N/C:P/I:P/A:P', '2.0', 7.5],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', '4.0', 9.3],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', '3.1', 0],
  ])('%s → v%s %d', (vector, version, score) => {
    expect(scoreCvss(vector)).toMatchObject({ version, score })
  })

  it.each([[''], ['   '], ['CVSS:3.1/AV:N'], ['garbage'], ['CVSS:9.9/AV:N']])('%j → null', (vector) => {
    expect(scoreCvss(vector)).toBeNull()
  })

  it('answers a vector scored before from memory, which no caller can alter', () => {
    const vector = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:N'
    const first = scoreCvss(vector)
    expect(first).toEqual({ version: '3.1', vector, score: 6.5 })
    expect(scoreCvss(vector)).toBe(first)
    expect(() => Object.assign(first as object, { score: 10 })).toThrow(TypeError)
    expect(scoreCvss(`${vector}/`)).toEqual({ version: '3.1', vector, score: 6.5 })
  })
})

describe('severity', () => {
  it.each([
    [0, 'NONE'],
    [0.1, 'LOW'],
    [3.9, 'LOW'],
    [4, 'MEDIUM'],
    [6.9, 'MEDIUM'],
    [7, 'HIGH'],
    [8.9, 'HIGH'],
    [9, 'CRITICAL'],
    [10, 'CRITICAL'],
  ] as const)('score %d is %s', (score, severity) => {
    expect(severityOfScore(score)).toBe(severity)
  })

  it.each([
    ['moderate', 'MEDIUM'],
    ['MODERATE', 'MEDIUM'],
    ['High', 'HIGH'],
    ['critical', 'CRITICAL'],
    ['low', 'LOW'],
    ['unknown', null],
    [null, null],
  ] as const)('database severity %j → %s', (raw, expected) => {
    expect(normaliseDatabaseSeverity(raw)).toBe(expected)
  })

  const v3 = { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }
  const v4 = { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N' }

  it.each([
    [
      'the database severity first',
      { severity: [v3], database_specific: { severity: 'moderate' } },
      'MEDIUM',
    ],
    ['else the CVSS rating', { severity: [v3] }, 'CRITICAL'],
    [
      'an empty score and no database severity: unrated',
      { severity: [{ type: 'CVSS_V3', score: '' }] },
      'NONE',
    ],
  ])('%s', (_case, extra, expected) => {
    expect(severityOf(osvRecord('GHSA-s', [], extra))).toBe(expected)
  })

  it('prefers the v3.1 vector next to a v4.0 one', () => {
    expect(preferredCvss(osvRecord('GHSA-s', [], { severity: [v4, v3] }))).toMatchObject({
      version: '3.1',
      score: 9.8,
    })
    expect(preferredCvss(osvRecord('GHSA-s', [], { severity: [v4] }))).toMatchObject({ version: '4.0' })
    expect(preferredCvss(osvRecord('GHSA-s', [], { severity: [] }))).toBeNull()
  })
})
