import { describe, expect, it } from 'vitest'
import type { Component, Ecosystem } from '../model'
import { makePurl } from '../model'
import type { VersionHistory } from './lanes'
import { packageKey } from './package-key'
import { buildStabilitySection } from './section'
import { semverScheme } from './test-semver-scheme'

function component(name: string, version: string, extra: Partial<Component> = {}): Component {
  const ecosystem: Ecosystem = extra.ecosystem ?? 'npm'
  return {
    purl: makePurl(ecosystem, name, version),
    ecosystem,
    name,
    version,
    scope: 'prod',
    direct: true,
    source: 'registry',
    locations: [],
    ...extra,
  }
}

const history = (...versions: string[]): VersionHistory => ({
  versions: versions.map((version) => ({ version, publishedAt: null, deprecated: null })),
})

const metadata = new Map<string, VersionHistory | null>([
  [packageKey('npm', 'a'), history('1.0.0', '1.0.1', '1.1.0', '2.0.0')],
  [packageKey('npm', 'b'), history('1.0.0', '1.1.0')],
  [packageKey('npm', 'c'), history('3.0.0')],
  [packageKey('npm', 'gone'), null],
])
const schemeFor = (e: Ecosystem) => (e === 'npm' ? semverScheme : null)

describe('buildStabilitySection', () => {
  it('builds rows, summary and score, and lists what it could not assess', () => {
    const components = [
      component('c', '3.0.0'),
      component('a', '1.0.0'),
      component('b', '1.0.0'),
      component('gone', '1.0.0'),
      component('never-looked-up', '1.0.0'),
      component('my-workspace', '0.0.0', { source: 'workspace' }),
      component('org.x:y', '1.0', { ecosystem: 'maven' }),
    ]
    metadata.set(packageKey('maven', 'org.x:y'), history('1.0'))
    const r = buildStabilitySection({ components, metadata, schemeFor })
    expect(r.section.assessed).toBe(true)
    expect(r.section.score).toBe(99)
    expect(r.section.summary).toEqual({ patch: 1, minor: 2, major: 1, exclusions: 0, components: 6 })
    expect(r.section.reports.map((x) => [x.language, x.componentsCount])).toEqual([
      ['nodejs', 5],
      ['java', 1],
    ])
    const nodejs = r.section.reports[0]!.versions
    expect(nodejs.map((v) => v.name)).toEqual(['a', 'b', 'c', 'gone', 'never-looked-up'])
    expect(nodejs[0]).toEqual({
      name: 'a',
      version: '1.0.0',
      scope: 'prod',
      latestPatch: '1.0.1',
      latestMinor: '1.1.0',
      latestMajor: '2.0.0',
      newPatchVersionAvailable: true,
      newMinorVersionAvailable: true,
      newMajorVersionAvailable: true,
    })
    expect(nodejs[3]).toMatchObject({ latestPatch: null, newPatchVersionAvailable: false })
    expect(r.missingMetadata).toEqual([components[3]!.purl, components[4]!.purl])
    expect(r.gaps).toEqual([
      { purl: components[5]!.purl, reason: 'not-from-registry' },
      { purl: components[6]!.purl, reason: 'no-scheme' },
    ])
    expect(r.details.map((d) => d.stability.version)).toEqual(['3.0.0', '1.0.0', '1.0.0'])
  })

  it('keeps excluded rows out of the counts and the score', () => {
    const components = [component('a', '1.0.0'), component('b', '1.0.0')]
    const r = buildStabilitySection({
      components,
      metadata,
      schemeFor,
      exclusionsFor: (c) => (c.name === 'a' ? [{ reason: 'ignored' }] : undefined),
    })
    expect(r.section.score).toBe(100)
    expect(r.section.summary).toEqual({ patch: 0, minor: 1, major: 0, exclusions: 1, components: 2 })
    expect(r.section.reports[0]!.versions[0]!.exclusions).toEqual([{ reason: 'ignored' }])
  })

  it('is not assessed when no metadata could be had at all', () => {
    const r = buildStabilitySection({ components: [component('gone', '1.0.0')], metadata, schemeFor })
    expect(r.section.assessed).toBe(false)
    expect(r.section.score).toBe(100)
    expect(r.missingMetadata).toHaveLength(1)
  })

  it('is assessed (and empty) without components', () => {
    const r = buildStabilitySection({ components: [], metadata, schemeFor })
    expect(r.section).toMatchObject({ assessed: true, componentsCount: 0, reports: [], score: 100 })
  })
})
