// Remediation plans on real npm projects (issue 19 "Remediation plan"): nodegoat, pdf.js and the
// RealWorld API lockfiles with the corpus advisories and the recorded packuments (versions and each
// version's declared dependencies). Every promised fix is re-checked here independently of the plan:
// the direct dependency moves to the planned version, each path is re-resolved from the recorded
// packuments the way npm keeps or replaces a locked version, and the vulnerable package must end on a
// version no advisory of the finding affects. Lanes hold only versions of their lane.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { matchPackage } from '../advisories'
import { extractProject } from '../project/extract'
import { requireCorpus } from '../testing/corpus'
import { planFindingsOfGraph, remediationCorpus } from '../testing/remediation-corpus'
import { LANES, remediationPlan } from './plan'

const corpus = requireCorpus()
const { index, packuments, source } = remediationCorpus()

function affected(name: string, version: string, ids: readonly string[]): boolean {
  const r = matchPackage(index, { ecosystem: 'npm', name, version })
  return [...r.affected, ...r.undecided].some(
    (h) => ids.includes(h.record.id) || (h.record.aliases ?? []).some((a) => ids.includes(a)),
  )
}

describe.each(['nodegoat', 'pdf.js', 'realworld-express-api'])('remediation plan of %s', (project) => {
  const content = readFileSync(join(corpus, 'projects', project, 'package-lock.json'), 'utf8')
  const { graph } = extractProject([{ path: 'package-lock.json', content }])
  const findings = planFindingsOfGraph(graph, index)
  const plan = remediationPlan(findings, source)

  it('plans over every active finding, and every finding is either fixed, pinned or remaining', () => {
    expect(findings.length).toBeGreaterThan(0)
    for (const lane of LANES) {
      const p = plan.lanes[lane]
      const key = (f: { name: string; version: string; adviceId: string }) =>
        `${f.name}@${f.version} ${f.adviceId}`
      const fixed = new Set(
        [...p.upgrades.flatMap((u) => u.fixes), ...p.pins.flatMap((x) => x.fixes)].map(key),
      )
      const remaining = new Set(p.remaining.map((r) => key(r.finding)))
      expect([...fixed].filter((k) => remaining.has(k))).toEqual([])
      expect(fixed.size + remaining.size).toBe(new Set(findings.map(key)).size)
      expect(p.fixed).toBe(findings.length - p.remaining.length)
    }
  })

  it('proposes only versions of the lane, later than the current one', () => {
    for (const lane of LANES)
      for (const u of [...plan.lanes[lane].upgrades, ...plan.lanes[lane].pins]) {
        expect(semver.gt(u.to, u.from)).toBe(true)
        if (lane !== 'major') expect(semver.major(u.to)).toBe(semver.major(u.from))
        if (lane === 'patch') expect(semver.minor(u.to)).toBe(semver.minor(u.from))
      }
  })

  it('keeps every promise when the paths are re-resolved from the recorded packuments', () => {
    let checked = 0
    for (const lane of LANES)
      for (const u of plan.lanes[lane].upgrades)
        for (const fix of u.fixes) {
          const f = findings.find(
            (x) => x.name === fix.name && x.version === fix.version && x.adviceId === fix.adviceId,
          )!
          for (const path of f.paths.filter((p) => p[0]!.name === u.name)) {
            let name = u.name
            let version = u.to
            let gone = false
            for (const node of path.slice(1)) {
              const meta = packuments.get(name)!.versions.find((v) => v.version === version)!
              const range =
                meta.install?.dependencies?.[node.name] ?? meta.install?.optionalDependencies?.[node.name]
              if (range === undefined) {
                gone = true
                break
              }
              expect(semver.satisfies(node.version, range)).toBe(false)
              name = node.name
              version = semver.maxSatisfying(
                packuments
                  .get(node.name)!
                  .versions.map((v) => v.version)
                  .filter((v) => !semver.prerelease(v)),
                range,
              )!
            }
            if (!gone)
              expect(affected(name, version, f.ids), `${u.name}@${u.to} → ${name}@${version}`).toBe(false)
            checked++
          }
        }
    // nodegoat and the RealWorld API have fixable findings; pdf.js's are fixed only by pins, if at all
    if (project !== 'pdf.js') expect(checked).toBeGreaterThan(0)
  })

  it('fixes at least as much in a wider lane', () => {
    const fixedIn = (lane: (typeof LANES)[number]) => plan.lanes[lane].fixed
    expect(fixedIn('minor')).toBeGreaterThanOrEqual(fixedIn('patch'))
    expect(fixedIn('major')).toBeGreaterThanOrEqual(fixedIn('minor'))
  })
})
