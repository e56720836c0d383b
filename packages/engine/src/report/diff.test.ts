// Report diffs, one row per change kind (spec report-page §3 "Diff entries", §4 "Report differences",
// §8 empty messages): add, remove, upgrade, downgrade, new and fixed vulnerability, licence change,
// exclusion added; the first report diffs against an empty one.
import { describe, expect, it } from 'vitest'
import type { Exclusion } from '../exclusions'
import { DIFF_EMPTY_MESSAGES, diffReports } from './diff'
import { type FixtureInput, fixtureReport, meta, vuln } from './fixtures/reports'

const advisories = [vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001')]
const metadata = { a: meta(['1.0.0', '1.0.1', '1.1.0']), b: meta(['1.0.0', '2.0.0']), c: meta(['1.0.0']) }
const base: FixtureInput = { components: ['a@1.0.0', 'b@1.0.0'], advisories, metadata }
const excludeCve: Exclusion = {
  id: 'x',
  source: 'security:cves',
  cve: 'CVE-2024-0001',
  version: '*',
  reason: 'unapplicable',
  description: 'not reachable',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
}

describe('diffReports', () => {
  const before = fixtureReport(base)

  it.each<[string, FixtureInput, (d: ReturnType<typeof diffReports>) => void]>([
    [
      'add',
      { ...base, components: [...base.components, 'c@1.0.0'] },
      (d) => {
        expect(d.components.plus).toEqual([{ library: 'c', language: 'nodejs', version: '1.0.0' }])
        expect(d.components.minus).toEqual([])
      },
    ],
    [
      'remove',
      { ...base, components: ['a@1.0.0'] },
      (d) => {
        expect(d.components.minus).toEqual([{ library: 'b', language: 'nodejs', version: '1.0.0' }])
        expect(d.stability).toEqual([expect.objectContaining({ library: 'b', reason: 'removed' })])
      },
    ],
    [
      'upgrade',
      { ...base, components: ['a@1.0.0', 'b@2.0.0'] },
      (d) => {
        expect(d.components.versionChanges).toEqual([
          { library: 'b', language: 'nodejs', from: '1.0.0', to: '2.0.0', direction: 'upgrade' },
        ])
        expect(d.components.plus).toEqual([])
      },
    ],
    [
      'downgrade',
      { ...base, components: ['a@1.0.0', 'b@0.9.0'] },
      (d) => {
        expect(d.components.versionChanges).toEqual([
          expect.objectContaining({ from: '1.0.0', to: '0.9.0', direction: 'downgrade' }),
        ])
      },
    ],
    [
      'new vulnerability',
      { ...base, advisories: [...advisories, vuln('GHSA-bbbb', 'b', '2.0.0')] },
      (d) => {
        expect(d.security).toEqual([
          expect.objectContaining({ library: 'b', id: 'GHSA-bbbb', reason: 'added', severity: 'HIGH' }),
        ])
      },
    ],
    [
      'fixed vulnerability',
      { ...base, components: ['a@1.0.1', 'b@1.0.0'] },
      (d) => {
        expect(d.security).toEqual([
          expect.objectContaining({
            library: 'a',
            version: '1.0.0',
            reason: 'removed',
            cve: 'CVE-2024-0001',
          }),
        ])
        expect(d.components.versionChanges).toHaveLength(1)
      },
    ],
    [
      'licence change',
      { ...base, metadata: { ...metadata, b: meta(['1.0.0', '2.0.0'], 'GPL-3.0-only') } },
      (d) => {
        expect(d.licensing).toEqual([
          expect.objectContaining({
            library: 'b',
            reason: 'updated',
            diffLicenses: { added: ['GPL-3.0-only'], removed: ['MIT'] },
            diffPolicies: { added: ['No GPL'], removed: [] },
          }),
        ])
      },
    ],
    [
      'exclusion added',
      { ...base, exclusions: [excludeCve] },
      (d) => {
        expect(d.security).toEqual([
          expect.objectContaining({ library: 'a', reason: 'updated', exclusion: true }),
        ])
        expect(d.messages.components).toBe(DIFF_EMPTY_MESSAGES.components)
      },
    ],
  ])('%s', (_name, after, check) => {
    check(diffReports(before, fixtureReport({ ...after, uuid: 'r2' })))
  })

  it('reports an exclusion removed', () => {
    const excluded = fixtureReport({ ...base, exclusions: [excludeCve] })
    const d = diffReports(excluded, fixtureReport({ ...base, uuid: 'r2' }))
    expect(d.security).toEqual([expect.objectContaining({ reason: 'updated', exclusionRemoved: true })])
  })

  it('gives the empty messages when nothing changed', () => {
    const d = diffReports(before, fixtureReport({ ...base, uuid: 'r2' }))
    expect(d.messages).toEqual(DIFF_EMPTY_MESSAGES)
    expect(d).toMatchObject({ from: 'r1', to: 'r2', security: [], stability: [], licensing: [] })
  })

  it('diffs the first report against an empty one', () => {
    const d = diffReports(null, before)
    expect(d.from).toBeNull()
    expect(d.components.plus).toHaveLength(2)
    expect(d.security).toEqual([expect.objectContaining({ library: 'a', reason: 'added' })])
    expect(d.stability.map((e) => e.library)).toEqual(['a', 'b'])
  })
})
