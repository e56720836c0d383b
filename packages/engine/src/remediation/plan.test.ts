// Remediation plan (issue 19 "Remediation plan"): direct findings fixed by the lowest clean version in
// the lane, transitive ones through the direct dependency's declared ranges (a locked version that
// still satisfies the new range is kept, so that upgrade promises nothing), pins when no direct
// upgrade admits a safe version, what remains and why, and the plan's lines.
import { describe, expect, it } from 'vitest'
import { npmScheme } from '../versioning/npm'
import { type PlanFinding, type RemediationSource, remediationPlan } from './plan'
import { introducedThrough, satisfiesRange } from './source'

/** A tiny registry: versions with declared dependencies, and advisories as [id, name, below-version]. */
function source(
  packages: Record<string, Record<string, Record<string, string>>>,
  advisories: [string, string, string][],
): RemediationSource {
  return {
    scheme: () => npmScheme,
    versions: (_e, name) => Object.keys(packages[name] ?? {}),
    dependencies: (_e, name, version) => packages[name]?.[version] ?? null,
    satisfies: satisfiesRange,
    affectedBy: (_e, name, version) =>
      new Set(
        advisories
          .filter(([, n, fixed]) => n === name && (npmScheme.compare(version, fixed) ?? 0) < 0)
          .map(([id]) => id),
      ),
  }
}

const finding = (name: string, version: string, adviceId: string, paths: string[][]): PlanFinding => ({
  ecosystem: 'npm',
  name,
  version,
  adviceId,
  ids: [adviceId],
  severity: 'HIGH',
  paths: paths.map((p) =>
    p.map((s) => {
      const at = s.lastIndexOf('@')
      return { name: s.slice(0, at), version: s.slice(at + 1) }
    }),
  ),
  pathsComplete: true,
})

const registry = {
  // webpack 4.47.0 widens its range for terser to a fixed version; 5.0.0 drops it altogether
  webpack: {
    '4.46.0': { terser: '~4.8.0' },
    '4.46.1': { terser: '~4.8.0' },
    '4.47.0': { terser: '^4.8.1' },
    '5.0.0': {},
  },
  terser: { '4.8.0': {}, '4.8.1': {}, '5.0.0': {} },
  lodash: { '4.17.15': {}, '4.17.21': {}, '4.18.0': {} },
  // express keeps qs at a range the locked qs still satisfies: no upgrade of express helps
  express: { '4.17.1': { qs: '^6.7.0' }, '4.17.2': { qs: '^6.7.0' } },
  qs: { '6.7.0': {}, '6.7.3': {}, '6.10.0': {} },
  left: { '1.0.0': {} },
}
const advisories: [string, string, string][] = [
  ['GHSA-terser', 'terser', '4.8.1'],
  ['GHSA-lodash', 'lodash', '4.17.21'],
  ['GHSA-qs', 'qs', '6.7.3'],
  ['GHSA-left', 'left', '9.9.9'],
]
const findings = [
  finding('terser', '4.8.0', 'GHSA-terser', [['webpack@4.46.0', 'terser@4.8.0']]),
  finding('lodash', '4.17.15', 'GHSA-lodash', [['lodash@4.17.15']]),
  finding('qs', '6.7.0', 'GHSA-qs', [['express@4.17.1', 'qs@6.7.0']]),
  finding('left', '1.0.0', 'GHSA-left', [['left@1.0.0']]),
]
const plan = remediationPlan(findings, source(registry, advisories))

describe('remediationPlan', () => {
  it('upgrades a direct vulnerable package to the lowest clean version of the lane', () => {
    expect(plan.lanes.patch.upgrades).toContainEqual(
      expect.objectContaining({ name: 'lodash', from: '4.17.15', to: '4.17.21', change: 'patch' }),
    )
  })

  it('finds the lowest direct version whose declared range admits a fixed transitive version', () => {
    // patch lane: 4.46.1 still declares ~4.8.0, which the locked 4.8.0 satisfies: nothing promised
    expect(plan.lanes.patch.upgrades.find((u) => u.name === 'webpack')).toBeUndefined()
    expect(plan.lanes.minor.upgrades).toContainEqual(
      expect.objectContaining({
        name: 'webpack',
        from: '4.46.0',
        to: '4.47.0',
        change: 'minor',
        packages: ['terser@4.8.0'],
      }),
    )
    expect(plan.lanes.minor.lines).toContain(
      'upgrade webpack 4.46.0 → 4.47.0 (minor) fixes 1 finding in 1 package',
    )
  })

  it('updates the lockfile when the declared ranges admit a safe version, else pins it, and says so', () => {
    // express declares ^6.7.0, which admits 6.7.3: only the lockfile is old
    expect(plan.lanes.minor.pins).toEqual([
      expect.objectContaining({ name: 'qs', from: '6.7.0', to: '6.7.3', via: 'lockfile' }),
    ])
    expect(plan.lanes.minor.lines).toContain(
      'update qs 6.7.0 → 6.7.3 in the lockfile (the declared ranges admit it: npm update qs) fixes 1 finding',
    )
    // pinned exactly below the fix: only an override helps
    const exact = remediationPlan(
      [findings[2]!],
      source({ ...registry, express: { '4.17.1': { qs: '6.7.0' }, '4.17.2': { qs: '6.7.0' } } }, advisories),
    )
    expect(exact.lanes.minor.pins).toEqual([expect.objectContaining({ name: 'qs', via: 'overrides' })])
    expect(exact.lanes.minor.lines[0]).toBe(
      'pin qs 6.7.0 → 6.7.3 through package.json overrides (no declared range admits it) fixes 1 finding',
    )
  })

  it('says what remains and why', () => {
    expect(plan.lanes.major.remaining).toEqual([
      { finding: expect.objectContaining({ name: 'left' }), why: 'no-fix-published' },
    ])
    expect(plan.lanes.major.lines.at(-1)).toBe('1 remain (1 no fix published)')
  })

  it('says when the versions of a package are not known, instead of "no fix published"', () => {
    const p = remediationPlan(
      [finding('ghost', '1.0.0', 'GHSA-g', [['ghost@1.0.0']])],
      source(registry, advisories),
    )
    expect(p.lanes.major.remaining).toEqual([
      { finding: expect.objectContaining({ name: 'ghost' }), why: 'versions-unknown' },
    ])
    expect(p.lanes.major.lines).toEqual(['1 remain (1 without known versions (no registry data))'])
  })

  it('promises nothing for a finding whose paths were cut at the limit', () => {
    const cut = { ...findings[1]!, pathsComplete: false }
    const p = remediationPlan([cut], source(registry, advisories))
    expect(p.lanes.major.upgrades).toEqual([])
    expect(p.lanes.major.remaining).toEqual([
      { finding: expect.objectContaining({ name: 'lodash' }), why: 'paths-unknown' },
    ])
  })

  it('fixes a finding only when every path that brings it in is cleared', () => {
    const twoPaths = finding('terser', '4.8.0', 'GHSA-terser', [
      ['webpack@4.46.0', 'terser@4.8.0'],
      ['other@1.0.0', 'terser@4.8.0'],
    ])
    const p = remediationPlan(
      [twoPaths],
      source({ ...registry, other: { '1.0.0': { terser: '4.8.0' } } }, advisories),
    )
    expect(p.lanes.minor.upgrades).toEqual([])
    expect(p.lanes.minor.pins).toEqual([expect.objectContaining({ name: 'terser', to: '4.8.1' })])
  })

  it('writes the path as "introduced through"', () => {
    expect(introducedThrough(findings[0]!.paths[0]!)).toBe('webpack@4.46.0 › terser@4.8.0')
  })
})

describe('satisfiesRange', () => {
  it.each([
    ['npm', '4.8.0', '~4.8.0', true],
    ['npm', '4.9.0', '~4.8.0', false],
    ['npm', 'x', '^1', null],
    ['maven', '2.12.1', '2.12.1', true],
    ['maven', '2.12.2', '2.12.1', false],
    ['maven', '2.12.2', '[2.12,2.13)', true],
    ['maven', '2.13.0', '[2.12,2.13)', false],
  ] as const)('%s %s in %s → %s', (eco, v, range, expected) => {
    expect(satisfiesRange(eco, v, range)).toBe(expected)
  })
})
