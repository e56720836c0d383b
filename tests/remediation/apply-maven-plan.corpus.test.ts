// Remediation plans applied for real, Maven half (issue 19 acceptance 2): for Apache Zeppelin's
// zeppelin-server (corpus) and a build-tool project of real artifacts (fixtures/maven-tooling), the
// plan (major lane: every version the repository has) reads versions and POMs from the local Maven
// repositories (~/.m2/repository and Debian's, over HTTP), its upgrades and dependencyManagement pins
// are written into the POMs (engine editPoms), the build is resolved again against the same
// repositories and analysed again: every finding the plan promised is gone, and no finding appears that
// was not there before.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAdvisoryIndex } from '../../packages/engine/src/advisories'
import { parseOsvJsonl } from '../../packages/engine/src/advisories/osv/schema'
import { MavenRepository } from '../../packages/engine/src/datasources/maven-repository'
import { resolveProject } from '../../packages/engine/src/project/resolve'
import { editPoms, type PomFile, remediationPlanWithMaven } from '../../packages/engine/src/remediation'
import { requireCorpus } from '../../packages/engine/src/testing/corpus'
import { registryFetchOf } from '../../packages/engine/src/testing/registry-fetch'
import { planFindingsOfGraph } from '../../packages/engine/src/testing/remediation-corpus'
import {
  type LocalMavenRepositories,
  startLocalMavenRepositories,
} from '../../packages/server/src/testing/local-maven-repository'

const index = buildAdvisoryIndex(
  parseOsvJsonl(gunzipSync(readFileSync(join(requireCorpus(), 'osv', 'maven.jsonl.gz'))).toString('utf8'))
    .records,
)
const httpFetch = registryFetchOf(async (url) => {
  const res = await fetch(url)
  return { status: res.status, body: await res.text() }
})

function pomsOf(root: string): PomFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f)
      return statSync(p).isDirectory() ? walk(p) : f === 'pom.xml' ? [p] : []
    })
  return walk(root).map((p) => ({ path: relative(root, p), content: readFileSync(p, 'utf8') }))
}

const keyOf = (f: { name: string; version: string; adviceId: string }) =>
  `${f.name}@${f.version}#${f.adviceId}`
const identityOf = (f: { name: string; adviceId: string }) => `${f.name}#${f.adviceId}`

const PROJECTS: [string, string][] = [
  ['zeppelin-server', join(requireCorpus(), 'projects', 'zeppelin-server')],
  ['maven-tooling', new URL('./fixtures/maven-tooling', import.meta.url).pathname],
]

describe.each(PROJECTS)('the plan of %s, applied to its POMs', (project, root) => {
  let repositories: LocalMavenRepositories
  const repository = () => new MavenRepository({ repositories: repositories.urls, fetch: httpFetch })
  const analyse = async (poms: readonly PomFile[]) => {
    const { graph } = await resolveProject(poms, { 'maven-repository': repository() })
    return planFindingsOfGraph(graph, index)
  }

  beforeAll(async () => {
    expect(existsSync(root)).toBe(true)
    repositories = await startLocalMavenRepositories()
  }, 120_000)
  afterAll(async () => repositories?.close())

  it('removes every promised finding and adds none', async () => {
    const poms = pomsOf(root)
    const before = await analyse(poms)
    const plan = await remediationPlanWithMaven(
      before,
      { index, versions: () => [], dependencies: () => null },
      repository(),
    )
    const lane = plan.lanes.major
    console.log(`${project}: ${before.length} findings\n  ${lane.lines.join('\n  ')}`)
    expect(lane.upgrades.length + lane.pins.length).toBeGreaterThan(0)
    const edits = editPoms(
      poms,
      lane.upgrades.map((u) => ({ name: u.name, to: u.to })),
      lane.pins.map((p) => ({ name: p.name, to: p.to })),
    )
    expect(edits.skipped).toEqual([])
    const edited = poms.map((p) => edits.files.find((f) => f.path === p.path) ?? p)
    const after = await analyse(edited)
    const promised = [...lane.upgrades.flatMap((u) => u.fixes), ...lane.pins.flatMap((p) => p.fixes)].map(
      keyOf,
    )
    expect(promised.length).toBeGreaterThan(0)
    const remaining = new Set(after.map(keyOf))
    expect(promised.filter((k) => remaining.has(k))).toEqual([])
    const known = new Set(before.map(identityOf))
    expect(after.map(identityOf).filter((k) => !known.has(k))).toEqual([])
  }, 600_000)
})
