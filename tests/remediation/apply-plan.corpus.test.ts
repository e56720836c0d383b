// Remediation plans applied for real (issue 19 acceptance 2, npm half): for NodeGoat and the RealWorld
// API, the plan's upgrades of direct dependencies (minor lane) are written into package.json, npm itself
// re-locks the project (`npm install --package-lock-only`) against the local registry serving the
// recorded packuments, and the new lockfile is analysed again: every finding the plan promised is gone,
// and no finding appears that was not there before. Upgrades that need a package the recording lacks
// (it holds the names of three lockfiles) cannot be re-locked here; they are left out and named.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import semver from 'semver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DependencyGraph } from '../../packages/engine/src/model'
import { extractProject } from '../../packages/engine/src/project/extract'
import { remediationPlan } from '../../packages/engine/src/remediation'
import { planFindingsOfGraph, remediationCorpus } from '../../packages/engine/src/testing/remediation-corpus'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'

const { index, source, packuments } = remediationCorpus()

/**
 * Whether every package a version may pull in is among the recorded packuments (the local registry
 * serves only those): newest satisfying version per declared range, depth first. An upgrade that
 * needs an unrecorded package cannot be re-locked here and is left out of the check, by name.
 */
function closureRecorded(name: string, version: string, seen = new Set<string>()): boolean {
  const key = `${name}@${version}`
  if (seen.has(key)) return true
  seen.add(key)
  const meta = packuments.get(name)?.versions.find((v) => v.version === version)
  if (!meta) return false
  const deps = { ...(meta.install?.optionalDependencies ?? {}), ...(meta.install?.dependencies ?? {}) }
  return Object.entries(deps).every(([dep, range]) => {
    const versions = packuments
      .get(dep)
      ?.versions.map((v) => v.version)
      .filter((v) => !semver.prerelease(v))
    const picked = versions ? semver.maxSatisfying(versions, range) : null
    return picked !== null && closureRecorded(dep, picked, seen)
  })
}

function findingsOf(lockfile: string) {
  const { graph } = extractProject([{ path: 'package-lock.json', content: lockfile }])
  return { graph: graph as DependencyGraph, findings: planFindingsOfGraph(graph, index) }
}
const keyOf = (f: { name: string; version: string; adviceId: string }) =>
  `${f.name}@${f.version}#${f.adviceId}`
const identityOf = (f: { name: string; adviceId: string }) => `${f.name}#${f.adviceId}`

async function relock(registry: string, manifest: object, lockfile: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-plan-'))
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
    writeFileSync(join(dir, 'package-lock.json'), lockfile)
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--package-lock-only',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--legacy-peer-deps',
        '--registry',
        registry,
        '--cache',
        join(dir, '.npm-cache'),
        '--userconfig',
        join(dir, '.npmrc'),
      ],
      { cwd: dir, env, timeout: 600_000 },
    )
    return readFileSync(join(dir, 'package-lock.json'), 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe.each(['nodegoat', 'realworld-express-api'])(
  'the minor-lane plan of %s, applied with npm',
  (project) => {
    let registry: TestNpmRegistry
    beforeAll(async () => {
      registry = await startTestNpmRegistry()
    })
    afterAll(async () => registry?.close())

    it('removes every promised finding and adds none', async () => {
      const manifest = JSON.parse(
        readFileSync(join(corpusDir, 'projects', project, 'package.json'), 'utf8'),
      ) as Record<string, Record<string, string> | undefined>
      const lockfile = readFileSync(join(corpusDir, 'projects', project, 'package-lock.json'), 'utf8')
      const before = findingsOf(lockfile)
      const lane = remediationPlan(before.findings, source).lanes.minor
      const apply = async (upgrades: typeof lane.upgrades) => {
        const edited = structuredClone(manifest)
        for (const u of upgrades) {
          const field = ['dependencies', 'devDependencies', 'optionalDependencies'].find(
            (f) => edited[f]?.[u.name],
          )
          expect(field, `${u.name} is declared by the manifest`).toBeDefined()
          edited[field!]![u.name] = u.to
        }
        return relock(registry.url, edited, lockfile)
      }
      // every upgrade at once; when npm needs a package the recording lacks, without the upgrades that
      // would pull one in (named in the output)
      let upgrades = lane.upgrades
      let relocked: string
      try {
        relocked = await apply(upgrades)
      } catch {
        upgrades = lane.upgrades.filter((u) => closureRecorded(u.name, u.to))
        const left = lane.upgrades.filter((u) => !upgrades.includes(u)).map((u) => `${u.name}@${u.to}`)
        console.log(`${project}: not re-lockable from the recorded registry: ${left.join(', ')}`)
        relocked = await apply(upgrades)
      }
      expect(upgrades.length).toBeGreaterThan(0)
      const after = findingsOf(relocked)
      const remaining = new Set(after.findings.map(keyOf))
      // a finding fixed only together with an upgrade left out is not promised here
      const applied = new Set(upgrades.map((u) => u.name))
      const promised = upgrades
        .flatMap((u) => u.fixes)
        .filter((f) =>
          before.findings.find((x) => keyOf(x) === keyOf(f))!.paths.every((p) => applied.has(p[0]!.name)),
        )
        .map(keyOf)
      expect(promised.length).toBeGreaterThan(0)
      expect(promised.filter((k) => remaining.has(k))).toEqual([])
      // added = a library and advisory the project did not have (report/findings.ts: moving a vulnerable
      // library to another still-affected version is not a new finding)
      const known = new Set(before.findings.map(identityOf))
      expect(after.findings.map(identityOf).filter((k) => !known.has(k))).toEqual([])
    }, 900_000)
  },
)
