import { describe, expect, it } from 'vitest'
import type { Severity } from '../report/document'
import type { ScoredAdvice } from './scores'
import { licensingScore, securityScore, stabilityScore } from './scores'

const vuln = (severity: Severity, cvss: number | null, excluded = false): ScoredAdvice => ({
  type: 'security',
  severity,
  cvss,
  excluded,
})
const suggestion: ScoredAdvice = { type: 'suggestion', severity: 'SUGGEST', cvss: null }

describe('security score (product-notes "Scores")', () => {
  it.each<[string, ScoredAdvice[], number]>([
    ['nothing', [], 100],
    ['one CVSS 7.5', [vuln('HIGH', 7.5)], 62.5],
    ['CVSS 9.8 (no float noise)', [vuln('CRITICAL', 9.8)], 51],
    ['two: 5.3 and 4.3', [vuln('MEDIUM', 5.3), vuln('MEDIUM', 4.3)], 52],
    ['a suggestion', [suggestion], 99.75],
    ['four suggestions', [suggestion, suggestion, suggestion, suggestion], 99],
    ['excluded ones do not count', [vuln('CRITICAL', 10, true), { ...suggestion, excluded: true }], 100],
    ['no CVSS: severity weight', [vuln('HIGH', null)], 80],
    ['floor at 0', [vuln('CRITICAL', 9.8), vuln('CRITICAL', 9.8), vuln('HIGH', 7.5)], 0],
  ])('by CVSS: %s → %d', (_, advices, expected) => {
    expect(securityScore(advices)).toBe(expected)
    expect(securityScore(advices, 'cvss')).toBe(expected)
  })

  it.each<[string, ScoredAdvice[], number]>([
    ['CRITICAL', [vuln('CRITICAL', 9.8)], 75],
    ['HIGH', [vuln('HIGH', 7.5)], 80],
    ['MEDIUM', [vuln('MEDIUM', 5)], 90],
    ['LOW', [vuln('LOW', 2)], 95],
    ['SUGGEST', [suggestion], 99.75],
    ['NONE', [vuln('NONE', 0)], 100],
    [
      'one of each',
      [vuln('CRITICAL', 9), vuln('HIGH', 8), vuln('MEDIUM', 5), vuln('LOW', 1), suggestion],
      39.75,
    ],
    [
      'floor at 0',
      [vuln('CRITICAL', 9), vuln('CRITICAL', 9), vuln('CRITICAL', 9), vuln('CRITICAL', 9), vuln('LOW', 1)],
      0,
    ],
    ['exactly 0', [vuln('CRITICAL', 9), vuln('CRITICAL', 9), vuln('CRITICAL', 9), vuln('CRITICAL', 9)], 0],
  ])('by severity: %s → %d', (_, advices, expected) => {
    expect(securityScore(advices, 'severity')).toBe(expected)
  })
})

describe('stability score', () => {
  it.each([
    [0, 0, 100],
    [1, 0, 99],
    [20, 0, 80],
    [20, 5, 80],
    [150, 0, 0],
  ])('%d components with a newer patch (%d excluded ones besides) → %d', (withPatch, excluded, expected) => {
    const items = [
      ...Array.from({ length: withPatch }, () => ({ newPatchVersionAvailable: true })),
      ...Array.from({ length: excluded }, () => ({ newPatchVersionAvailable: true, excluded: true })),
      { newPatchVersionAvailable: false },
    ]
    expect(stabilityScore(items)).toBe(expected)
  })
})

describe('licensing score', () => {
  const ok = { undeclared: false, forbidden: false }
  const undeclared = { undeclared: true, forbidden: false }
  const forbidden = { undeclared: false, forbidden: true }
  it.each([
    ['all fine', [ok, ok], 100],
    ['one undeclared', [ok, undeclared], 99],
    ['five undeclared', Array.from({ length: 5 }, () => undeclared), 95],
    ['any forbidden drops to 0', [ok, forbidden], 0],
    ['forbidden beats undeclared', [undeclared, forbidden], 0],
    ['excluded forbidden does not count', [ok, { ...forbidden, excluded: true }], 100],
    ['excluded undeclared does not count', [{ ...undeclared, excluded: true }], 100],
    ['floor at 0', Array.from({ length: 101 }, () => undeclared), 0],
  ])('%s → %d', (_, items, expected) => {
    expect(licensingScore(items)).toBe(expected)
  })
})
