import type { Advice } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { adviceFixture, componentFixture } from '../../testing/exclusion-fixtures'
import {
  cveAvailable,
  DESCRIPTION_MESSAGE,
  displayVersion,
  exclusionContents,
  explanationError,
  globalOffered,
  libraryExcludeTitle,
  libraryExclusionContents,
  recomputeForced,
  storedVersion,
} from './exclusion-model'

const advice = adviceFixture
const component = componentFixture([
  advice('GHSA-1', 'CVE-1'),
  advice('GHSA-2', 'CVE-2'),
  advice('GHSA-3', 'CVE-2'),
])

describe('exclusion rules', () => {
  it('needs a non-blank explanation', () => {
    expect(explanationError('')).toBe(DESCRIPTION_MESSAGE)
    expect(explanationError('   ')).toBe(DESCRIPTION_MESSAGE)
    expect(explanationError('not reachable')).toBeNull()
  })
  it('disables the CVE type for N/A and offers the global option only with several', () => {
    expect(cveAvailable(advice('x', 'N/A'))).toBe(false)
    expect(cveAvailable(advice('x', null))).toBe(false)
    expect(globalOffered('advice', component)).toBe(true)
    expect(globalOffered('cve', component)).toBe(true)
    const single = { ...component, advices: [advice('GHSA-1', 'CVE-1')] }
    expect(globalOffered('advice', single)).toBe(false)
    expect(globalOffered('cve', single)).toBe(false)
  })
  it('builds one entry, or one per advice / CVE with the global option', () => {
    const base = {
      advice: component.advices[0] as Advice,
      component,
      reason: 'mitigated' as const,
      description: ' fine ',
    }
    expect(exclusionContents({ ...base, type: 'advice', global: false }).map((c) => JSON.parse(c))).toEqual([
      { source: 'security:advices', uuid: 'GHSA-1', reason: 'mitigated', description: 'fine' },
    ])
    expect(exclusionContents({ ...base, type: 'advice', global: true })).toHaveLength(3)
    expect(exclusionContents({ ...base, type: 'cve', global: true }).map((c) => JSON.parse(c).cve)).toEqual([
      'CVE-1',
      'CVE-2',
    ])
    expect(JSON.parse(exclusionContents({ ...base, type: 'library', global: true })[0] ?? '')).toMatchObject({
      source: 'security:libraries',
      library: { name: 'lodash', language: 'nodejs' },
      version: '*',
    })
  })
  it('stores empty versions as -- and shows them empty', () => {
    expect(storedVersion('')).toBe('--')
    expect(displayVersion('--')).toBe('')
    expect(displayVersion('*')).toBe('all versions')
  })
})

describe('stability and licensing exclusions (§4 "Excluding multiple libraries")', () => {
  const debug = { name: 'debug', displayName: 'debug', language: 'nodejs', version: '2.6.9' }
  const ms = { name: 'ms', displayName: 'ms', language: 'nodejs', version: '' }
  it.each([
    ['stability', 'ignored', [debug], 'Excluding updates of debug@2.6.9'],
    ['licensing', 'mitigated', [debug], 'Excluding the licence of debug@2.6.9'],
    ['licensing', 'invalid', [debug], 'Reporting the licence of debug@2.6.9'],
    ['stability', 'ignored', [debug, ms], 'Excluding multiple libraries'],
    ['licensing', 'invalid', [debug, ms], 'Excluding multiple libraries'],
  ] as const)('%s %s → %s', (domain, reason, libraries, title) => {
    expect(libraryExcludeTitle(domain, reason, libraries)).toBe(title)
  })

  it('sends one entry per library, empty versions as --, every version as *', () => {
    const contents = libraryExclusionContents({
      domain: 'licensing',
      libraries: [debug, ms, debug],
      reason: 'mitigated',
      description: '  approved by legal ',
      allVersions: false,
    }).map((c) => JSON.parse(c))
    expect(contents).toEqual([
      {
        source: 'licensing:libraries',
        library: { name: 'debug', language: 'nodejs' },
        version: '2.6.9',
        reason: 'mitigated',
        description: 'approved by legal',
      },
      {
        source: 'licensing:libraries',
        library: { name: 'ms', language: 'nodejs' },
        version: '--',
        reason: 'mitigated',
        description: 'approved by legal',
      },
    ])
    const all = libraryExclusionContents({
      domain: 'stability',
      libraries: [debug],
      reason: 'ignored',
      description: 'pinned',
      allVersions: true,
    }).map((c) => JSON.parse(c))
    expect(all[0]).toMatchObject({ source: 'stability:libraries', version: '*', reason: 'ignored' })
  })

  it('forces the recompute for a transitive library exclusion only', () => {
    expect(recomputeForced('library', true)).toBe(true)
    expect(recomputeForced('library', false)).toBe(false)
    expect(recomputeForced('advice', false)).toBe(false)
    const [entry] = exclusionContents({
      type: 'library',
      global: false,
      advice: advice('a1', null),
      component,
      reason: 'mitigated',
      description: 'trusted vendor',
      transitive: true,
    }).map((c) => JSON.parse(c))
    expect(entry).toMatchObject({ source: 'security:libraries', transitive: true })
  })
})
