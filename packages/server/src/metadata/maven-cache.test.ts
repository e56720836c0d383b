// The one registry cache under the Maven resolver and stability alike (issue 18 acceptance 2), on
// every storage mode, against a local Maven repository over HTTP serving Debian's repository: a
// second analysis of the same builds fetches no POM twice, after the TTL only metadata is
// revalidated, and offline with the warm cache the builds resolve again identically.
import { readFileSync } from 'node:fs'
import { type ProjectResolution, resolveProject, type SourceFile } from '@sextant/engine'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { type FakeMavenRepository, startFakeMavenRepository } from '../testing/fake-maven-repository'
import { HOUR, type MetadataTestContext, openMetadataTest } from './test-setup'

const fixtures = new URL('../../../engine/src/resolvers/maven/fixtures/', import.meta.url)
/** Three builds: a reactor with a parent, a BOM import, and a version range (maven-metadata.xml). */
const FILES: SourceFile[] = [
  ['multi', 'multi-module', 'pom.xml'],
  ['multi', 'multi-module', 'core/pom.xml'],
  ['multi', 'multi-module', 'app/pom.xml'],
  ['bom', 'bom-import', 'pom.xml'],
  ['range', 'range', 'pom.xml'],
].map(([dir, fixture, path]) => ({
  path: `${dir}/${path}`,
  content: readFileSync(new URL(`${fixture}/${path}`, fixtures), 'utf8'),
}))

/** Debian's repository has no maven-metadata.xml: the range's versions are the test's own. */
const SLF4J_METADATA = `<metadata><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><versioning>
<release>1.7.32</release><versions><version>1.7.25</version><version>1.7.32</version><version>2.0.0</version></versions>
<lastUpdated>20211001000000</lastUpdated></versioning></metadata>`

const poms = (requests: string[]) => requests.filter((r) => r.endsWith('.pom'))
const metadataFiles = (requests: string[]) => requests.filter((r) => r.endsWith('maven-metadata.xml'))

describe.each(storageModes())('the Maven resolver over the registry cache on %s storage', (mode) => {
  let t: MetadataTestContext
  let repo: FakeMavenRepository
  let first: ProjectResolution

  const analyse = (offline = false) => {
    const source = t.source({ maven: [repo.url], offline })
    return resolveProject(FILES, { 'maven-repository': source.mavenRepository() })
  }

  beforeAll(async () => {
    t = await openMetadataTest(mode)
    repo = await startFakeMavenRepository('/usr/share/maven-repo', {
      'org/slf4j/slf4j-api/maven-metadata.xml': SLF4J_METADATA,
    })
    await t.db.query('DELETE FROM registry_documents')
    first = await analyse()
  }, 60_000)
  afterAll(async () => {
    await repo.close()
    await t.close()
  })
  beforeEach(() => {
    t.clock.now = new Date('2026-01-01T00:00:00Z')
  })

  it('resolves the builds online, asking for each POM once', () => {
    const names = first.graph.components.map((c) => `${c.name}@${c.version}`)
    expect(names).toContain('org.slf4j:slf4j-api@1.7.32')
    expect(names.some((n) => n.startsWith('com.fasterxml.jackson.core:jackson-databind@'))).toBe(true)
    expect(first.warnings.filter((w) => /unreachable|not resolved/.test(w.message))).toEqual([])
    const fetched = poms(repo.requests)
    expect(fetched.length).toBeGreaterThan(10)
    expect(new Set(fetched).size).toBe(fetched.length)
    expect(metadataFiles(repo.requests).length).toBeGreaterThan(0)
  })

  it('a second analysis (a new process) fetches no POM and no metadata again', async () => {
    const before = repo.requests.length
    const second = await analyse()
    expect(second.graph).toEqual(first.graph)
    expect(second.warnings).toEqual(first.warnings)
    expect(repo.requests.slice(before)).toEqual([])
  })

  it('after the TTL only maven-metadata.xml is revalidated (304); release POMs never expire', async () => {
    t.advance(25 * HOUR)
    const before = repo.requests.length
    const later = await analyse()
    expect(later.graph).toEqual(first.graph)
    const asked = repo.requests.slice(before)
    expect(poms(asked)).toEqual([])
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((r) => r.startsWith('304 ') && r.endsWith('maven-metadata.xml'))).toBe(true)
  })

  it('offline with the warm cache, the builds resolve again identically without a request', async () => {
    repo.down = true
    try {
      const before = repo.requests.length
      t.advance(30 * 24 * HOUR)
      const offline = await analyse(true)
      expect(offline.graph).toEqual(first.graph)
      expect(offline.warnings).toEqual(first.warnings)
      expect(repo.requests.length).toBe(before)
    } finally {
      repo.down = false
    }
  })

  it('stability and licensing read the POMs the resolver kept', async () => {
    const before = repo.requests.length
    const batch = await t
      .source({ maven: [repo.url] })
      .metadataFor([{ ecosystem: 'maven', name: 'org.slf4j:slf4j-api', version: '1.7.32' }])
    expect(batch.problems).toEqual([])
    expect(batch.packages.get('maven/org.slf4j:slf4j-api')?.versions.length).toBeGreaterThan(0)
    expect(poms(repo.requests.slice(before))).toEqual([])
  })

  it('offline with a cold cache, the builds are not resolved, and it says so', async () => {
    await t.db.query('DELETE FROM registry_documents')
    const cold = await analyse(true)
    expect(cold.graph.components.length).toBeLessThan(first.graph.components.length)
    expect(cold.warnings.some((w) => w.message.includes('SEXTANT_OFFLINE'))).toBe(true)
  })
})
