// Remediation plans applied for real (issue 19 acceptance 2, npm half): for NodeGoat and the RealWorld
// API, the plan's upgrades of direct dependencies (minor lane) are written into package.json, npm itself
// re-locks the project (`npm install --package-lock-only`) against the local registry serving the
// recorded packuments, and the new lockfile is analysed again: every finding the plan promised is gone,
// and no finding appears that was not there before.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DependencyGraph } from '../../packages/engine/src/model'
import { extractProject } from '../../packages/engine/src/project/extract'
import { planFindingsOf, remediationPlan } from '../../packages/engine/src/remediation'
import { buildReport } from '../../packages/engine/src/report/build'
import { remediationCorpus } from '../../packages/engine/src/testing/remediation-corpus'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'

const { index, source } = remediationCorpus()

function findingsOf(lockfile: string) {
  const { graph } = extractProject([{ path: 'package-lock.json', content: lockfile }])
  const report = buildReport({
    uuid: 'r',
    projectUuid: 'p',
    branch: 'main',
    now: new Date('2026-11-26T00:00:00Z'),
    graph,
    warnings: [],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    advisoryIndex: index,
  })
  return { graph: graph as DependencyGraph, findings: planFindingsOf(report, graph) }
}
const keyOf = (f: { name: string; version: string; adviceId: string }) =>
  `${f.name}@${f.version}#${f.adviceId}`

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
      const plan = remediationPlan(before.findings, source).lanes.minor
      expect(plan.upgrades.length).toBeGreaterThan(0)
      for (const u of plan.upgrades) {
        const field = ['dependencies', 'devDependencies', 'optionalDependencies'].find(
          (f) => manifest[f]?.[u.name],
        )
        expect(field, `${u.name} is declared by the manifest`).toBeDefined()
        manifest[field!]![u.name] = u.to
      }
      const after = findingsOf(await relock(registry.url, manifest, lockfile))
      const remaining = new Set(after.findings.map(keyOf))
      const promised = plan.upgrades.flatMap((u) => u.fixes.map(keyOf))
      expect(promised.filter((k) => remaining.has(k))).toEqual([])
      const known = new Set(before.findings.map(keyOf))
      expect([...remaining].filter((k) => !known.has(k))).toEqual([])
    }, 900_000)
  },
)
