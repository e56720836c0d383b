import { describe, expect, it } from 'vitest'
import type { Component, Ecosystem } from '../model'
import { makePurl } from '../model'
import { packageKey } from '../stability/package-key'
import type { LicenceMetadata } from './section'
import { buildLicensingSection, LICENCE_METADATA_MISSING_WARNING } from './section'
import { licencePolicyFromTemplate } from './templates'

function component(name: string, version: string, extra: Partial<Component> = {}): Component {
  const ecosystem: Ecosystem = extra.ecosystem ?? 'npm'
  return {
    purl: makePurl(ecosystem, name, version),
    ecosystem,
    name,
    version,
    scope: 'prod',
    direct: false,
    source: 'registry',
    locations: [],
    ...extra,
  }
}

const meta = (versions: Record<string, string[]>, latest: string[] = []): LicenceMetadata => ({
  versions: Object.entries(versions).map(([version, licences]) => ({ version, licences })),
  licences: latest,
})

const metadata = new Map<string, LicenceMetadata | null>([
  [packageKey('npm', 'mit-lib'), meta({ '1.0.0': ['MIT'] })],
  [packageKey('npm', 'gpl-lib'), meta({ '2.0.0': ['GPL-3.0'] })],
  [packageKey('npm', 'bare'), meta({ '1.0.0': [] })],
  [packageKey('npm', 'moved'), meta({ '1.0.0': ['ISC'] }, ['Apache-2.0'])],
  [packageKey('npm', 'offline'), null],
])

const policies = [licencePolicyFromTemplate('no-gpl')]

describe('buildLicensingSection', () => {
  const components = [
    component('mit-lib', '1.0.0'),
    component('gpl-lib', '2.0.0', { direct: true }),
    component('bare', '1.0.0'),
    component('moved', '9.9.9'),
    component('offline', '1.0.0'),
    component('sbom-declared', '1.0.0', { declaredLicences: ['BSD-3-Clause'] }),
    component('org.x:y', '1.0', { ecosystem: 'maven', declaredLicences: ['Apache License, Version 2.0'] }),
  ]

  it('takes licences from the input, else the registry version, else the package', () => {
    const r = buildLicensingSection({ components, metadata, policies })
    const byName = new Map(r.section.reports.flatMap((x) => x.results).map((x) => [x.library.name, x]))
    expect(byName.get('mit-lib')).toMatchObject({
      licenses: [{ id: 'MIT' }],
      warnings: [],
      violations: [],
      transitive: true,
    })
    expect(byName.get('gpl-lib')).toMatchObject({
      licenses: [{ id: 'GPL-3.0-only' }],
      violations: [{ policyName: 'No GPL', licence: 'GPL-3.0-only' }],
      transitive: false,
    })
    expect(byName.get('bare')).toMatchObject({
      licenses: [{ id: 'NOT DECLARED / NOT FOUND', name: 'NOT DECLARED / NOT FOUND' }],
      warnings: ['No valid license found!'],
    })
    expect(byName.get('moved')!.licenses.map((l) => l.id)).toEqual(['Apache-2.0'])
    expect(byName.get('offline')).toMatchObject({
      licenses: [],
      warnings: [LICENCE_METADATA_MISSING_WARNING],
    })
    expect(byName.get('sbom-declared')!.licenses.map((l) => l.id)).toEqual(['BSD-3-Clause'])
    expect(byName.get('org.x:y')!.licenses.map((l) => l.id)).toEqual(['Apache-2.0'])
    expect(r.details.map((d) => d.origin)).toEqual([
      'registry-version',
      'registry-version',
      'registry-version',
      'registry-package',
      'declared',
      'declared',
    ])
    expect(r.missingMetadata).toEqual([components[4]!.purl])
    expect(r.section.assessed).toBe(true)
    expect(r.section.score).toBe(0)
    expect(r.section.summary).toEqual({
      tot: 2,
      forbidden: 1,
      undeclared: 1,
      violationExclusions: 0,
      warningExclusions: 0,
      forbiddenWithoutExclusion: 1,
      undeclaredWithoutExclusion: 1,
      components: 7,
    })
    expect(r.languages).toEqual([
      { language: 'nodejs', warningsCount: 2, violationsCount: 1 },
      { language: 'java', warningsCount: 0, violationsCount: 0 },
    ])
  })

  it('applies licence fixes and exclusions', () => {
    const r = buildLicensingSection({
      components,
      metadata,
      policies,
      overrideFor: (c) => (c.name === 'bare' ? ['MIT'] : null),
      exclusionsFor: (c) => (c.name === 'gpl-lib' ? [{ reason: 'mitigated' }] : []),
    })
    expect(r.section.score).toBe(100)
    expect(r.section.summary).toMatchObject({
      forbidden: 1,
      undeclared: 0,
      violationExclusions: 1,
      forbiddenWithoutExclusion: 0,
      undeclaredWithoutExclusion: 0,
    })
  })

  it('carries the copyright text set for a component, and none where none was set', () => {
    const r = buildLicensingSection({
      components,
      metadata,
      policies,
      copyrightFor: (c) =>
        c.name === 'mit-lib' ? '(c) 2020 Mit Lib authors' : c.name === 'bare' ? '' : null,
    })
    const results = r.section.reports.flatMap((x) => x.results)
    expect(results.find((x) => x.library.name === 'mit-lib')?.copyright).toBe('(c) 2020 Mit Lib authors')
    expect(results.find((x) => x.library.name === 'bare')).not.toHaveProperty('copyright')
    expect(results.find((x) => x.library.name === 'gpl-lib')).not.toHaveProperty('copyright')
  })

  it('is not assessed when no licence could be had for any component', () => {
    const r = buildLicensingSection({ components: [component('offline', '1.0.0')], metadata, policies })
    expect(r.section.assessed).toBe(false)
    expect(r.section.score).toBe(100)
  })
})
