// Corpus: stability lanes over the recorded npm packuments (../shared/corpus/npm-registry) with the real
// npm scheme: invariants for three versions of every package, and hand-checked lodash / express / react lanes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { NpmPackageMetadata } from '../datasources/npm/packument'
import { parseNpmPackumentText } from '../datasources/npm/packument'
import { requireCorpus } from '../testing/corpus'
import { npmScheme } from '../versioning/npm'
import { computeStabilityLanes } from './lanes'

function recorded(): Map<string, NpmPackageMetadata> {
  const file = join(requireCorpus(), 'npm-registry', 'packuments.jsonl.gz')
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean)
  const out = new Map<string, NpmPackageMetadata>()
  for (const line of lines) {
    const m = parseNpmPackumentText(line).metadata
    if (m) out.set(m.name, m)
  }
  return out
}

describe('stability lanes on recorded npm packuments', () => {
  const packages = recorded()
  const lanes = (name: string, version: string) =>
    computeStabilityLanes(npmScheme, version, packages.get(name)!)

  it('keeps patch ≤ minor ≤ major and reaches the latest tag', () => {
    const ge = (a: string | null, b: string | null) => (npmScheme.compare(a!, b!) ?? -1) >= 0
    let assessed = 0
    for (const meta of packages.values()) {
      const readable = meta.versions.map((v) => v.version).filter((v) => npmScheme.isValid(v))
      const sample = [readable[0], readable[Math.floor(readable.length / 2)], readable.at(-1)]
      for (const version of sample) {
        if (!version) continue
        const r = computeStabilityLanes(npmScheme, version, meta)!
        assessed++
        expect(
          ge(r.latestPatch, version) && ge(r.latestMinor, r.latestPatch) && ge(r.latestMajor, r.latestMinor),
        ).toBe(true)
        const latest = meta.distTags.latest
        // a deprecated latest (e.g. the @types/bcryptjs 3.0.0 stub) is never offered
        const usable = latest && !meta.versions.find((v) => v.version === latest)?.deprecated
        if (
          usable &&
          !npmScheme.isPrerelease(latest) &&
          !npmScheme.isPrerelease(version) &&
          ge(latest, version)
        ) {
          expect(r.latestMajor).toBe(latest)
        }
      }
    }
    expect(assessed).toBeGreaterThan(7_000)
  })

  it.each([
    ['lodash', '4.17.20', '4.17.23', '4.18.1', '4.18.1'],
    ['express', '4.17.1', '4.17.3', '4.22.3', '5.3.0'],
    ['react', '18.2.0', '18.2.0', '18.3.1', '19.3.1'],
  ])('%s@%s → %s / %s / %s', (name, version, patch, minor, major) => {
    expect(lanes(name, version)).toMatchObject({ latestPatch: patch, latestMinor: minor, latestMajor: major })
  })

  it('offers no canary or next build to a stable component, and flags a deprecated one', () => {
    expect(lanes('react', '18.3.0')?.latestPatch).toBe('18.3.1')
    const canary = packages
      .get('graphql')!
      .versions.find((v) => v.deprecated && v.version.startsWith('16.3.0-canary'))!
    expect(lanes('graphql', canary.version)?.deprecated).toMatch(/canary/)
  })
})
