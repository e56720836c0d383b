// Source ids from SEXTANT_ADVISORY_SOURCES (issue 9): stable, readable, unique; 'none' turns syncing off.
import { describe, expect, it } from 'vitest'
import { configuredSources, sourceIdOf } from './sources'

describe('advisory sources', () => {
  it.each([
    ['https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip', 'osv-npm'],
    ['https://osv-vulnerabilities.storage.googleapis.com/Maven/all.zip', 'osv-maven'],
    ['/data/osv/pypi.jsonl.gz', 'osv-pypi'],
    ['/mirror/GHSA records/', 'osv-ghsa-records'],
    ['./all.zip', 'osv'],
  ])('%s → %s', (location, id) => {
    expect(sourceIdOf(location)).toBe(id)
  })

  it('defaults to the OSV npm and Maven exports, keeps ids unique, and reads none as no source', () => {
    expect(configuredSources(null).map((s) => s.id)).toEqual(['osv-npm', 'osv-maven'])
    expect(configuredSources(['/a/npm.jsonl', '/b/npm.jsonl.gz']).map((s) => s.id)).toEqual([
      'osv-npm',
      'osv-npm-2',
    ])
    expect(configuredSources(['none'])).toEqual([])
  })
})
