// Issue 4 acceptance 3: okhttp and spring-petclinic's build.gradle(.kts) + catalog yield their declared
// dependencies with versions. spring-petclinic's versions come from the Spring Boot plugin's BOM,
// served from a local HTTP Maven repository: the corpus holds no spring-boot-dependencies POM, so
// fixtures/repository has a minimal fixture BOM (marked as such in the file, its third-party versions
// are fixture values). Without the BOM the report names it and every dependency left without a version.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import { requireCorpus } from '../../testing/corpus'
import { type ServedMavenRepository, serveMavenRepository } from '../../testing/maven-http-repository'
import { resolveGradleBuild } from './build'

const fixtureRepository = fileURLToPath(new URL('./fixtures/repository', import.meta.url))
let served: ServedMavenRepository
let empty: ServedMavenRepository

beforeAll(async () => {
  served = await serveMavenRepository(fixtureRepository)
  empty = await serveMavenRepository(mkdtempSync(join(tmpdir(), 'sextant-empty-m2-')))
})
afterAll(async () => {
  await served.close()
  await empty.close()
})

function resolve(project: string, repo: ServedMavenRepository) {
  const root = join(requireCorpus(), 'projects', project)
  return resolveGradleBuild({
    rootDir: '',
    readFile: (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8') : null),
    repository: new MavenRepository({ repositories: [repo.url], fetch: repo.fetch }),
  })
}

/** The 20 declarations of spring-petclinic/build.gradle that carry no version. */
const PETCLINIC_MANAGED = [
  'org.springframework.boot:spring-boot-starter-cache',
  'org.springframework.boot:spring-boot-starter-data-jpa',
  'org.springframework.boot:spring-boot-starter-thymeleaf',
  'org.springframework.boot:spring-boot-starter-webmvc',
  'org.springframework.boot:spring-boot-starter-validation',
  'javax.cache:cache-api',
  'jakarta.xml.bind:jakarta.xml.bind-api',
  'org.springframework.boot:spring-boot-starter-actuator',
  'com.github.ben-manes.caffeine:caffeine',
  'com.h2database:h2',
  'com.mysql:mysql-connector-j',
  'org.postgresql:postgresql',
  'org.springframework.boot:spring-boot-devtools',
  'org.springframework.boot:spring-boot-starter-data-jpa-test',
  'org.springframework.boot:spring-boot-starter-restclient-test',
  'org.springframework.boot:spring-boot-starter-webmvc-test',
  'org.springframework.boot:spring-boot-testcontainers',
  'org.springframework.boot:spring-boot-docker-compose',
  'org.testcontainers:testcontainers-junit-jupiter',
  'org.testcontainers:testcontainers-mysql',
]

describe('Gradle builds in the corpus', () => {
  it('spring-petclinic: every declaration versioned, the Spring Boot BOM (and its import) applied', async () => {
    const r = await resolve('spring-petclinic', served)
    const byName = new Map(r.graph.components.map((c) => [c.name, c]))
    expect(r.graph.components).toHaveLength(25)
    expect(r.graph.components.filter((c) => c.version === '')).toEqual([])
    expect(byName.get('org.springframework.boot:spring-boot-starter-webmvc')).toMatchObject({
      version: '4.0.3',
      scope: 'prod',
      locations: [{ file: 'build.gradle', line: 37 }],
    })
    expect(byName.get('org.springframework.boot:spring-boot-devtools')).toMatchObject({
      version: '4.0.3',
      scope: 'dev',
    })
    // from testcontainers-bom, imported by the BOM with scope import
    expect(byName.get('org.testcontainers:testcontainers-mysql')).toMatchObject({
      version: '2.0.3',
      scope: 'test',
    })
    expect(byName.get('org.webjars.npm:bootstrap')?.version).toBe('5.3.8')
    expect(byName.get('com.puppycrawl.tools:checkstyle')?.version).toBe('12.3.1')
    expect(served.requested).toContain(
      '/org/springframework/boot/spring-boot-dependencies/4.0.3/spring-boot-dependencies-4.0.3.pom',
    )
    expect(r.warnings).toEqual([])
    expect(r.projects).toEqual([
      {
        path: ':',
        name: 'spring-petclinic',
        dir: '',
        buildFile: 'build.gradle',
        group: 'org.springframework.samples',
        version: '4.0.0-SNAPSHOT',
      },
    ])
  })

  it('spring-petclinic without the BOM: names the BOM and the 20 dependencies without version', async () => {
    const r = await resolve('spring-petclinic', empty)
    expect(r.graph.components.filter((c) => c.version === '').map((c) => c.name)).toEqual(PETCLINIC_MANAGED)
    expect(r.warnings).toEqual([
      {
        file: 'build.gradle',
        line: 4,
        message: `BOM org.springframework.boot:spring-boot-dependencies:4.0.3 (the org.springframework.boot plugin 4.0.3 with io.spring.dependency-management) could not be fetched from ${empty.url}: dependencies ${PETCLINIC_MANAGED.join(', ')} of project : are without version`,
        gap: 'incomplete-graph',
      },
    ])
  })

  it('okhttp: the settings projects, catalog versions everywhere, project dependencies from the build', async () => {
    const r = await resolve('okhttp', served)
    const modules = r.graph.components.filter((c) => c.source === 'registry')
    expect(modules.length).toBeGreaterThan(25)
    expect(modules.filter((c) => c.version === '')).toEqual([])
    const byName = new Map(r.graph.components.map((c) => [c.name, c]))
    expect(byName.get('com.squareup.okio:okio')).toMatchObject({ version: '3.18.0', scope: 'prod' })
    expect(byName.get('org.bouncycastle:bcprov-jdk15to18')?.scope).toBe('provided')
    // settings: renames and the folder a renamed project keeps
    const projects = new Map(r.projects.map((p) => [p.path, p]))
    expect(projects.get(':okhttp-logging-interceptor')).toMatchObject({
      name: 'logging-interceptor',
      buildFile: 'okhttp-logging-interceptor/build.gradle.kts',
    })
    expect(projects.get(':mockwebserver')).toMatchObject({ name: 'mockwebserver3', dir: 'mockwebserver' })
    expect(r.projects).toHaveLength(30) // the root and 29 unconditional includes
    // projects.okhttp from logging-interceptor and mockwebserver3: the okhttp project and what it exports
    expect(byName.get('okhttp-parent:okhttp')).toMatchObject({ source: 'workspace', scope: 'prod' })
    expect(r.graph.edges).toContainEqual({
      from: 'pkg:maven/okhttp-parent/okhttp',
      to: 'pkg:maven/com.squareup.okio/okio@3.18.0',
    })
    // convention plugins of the build-logic included build, and conditional includes, are named by line
    const at = (file: string, line: number) => r.warnings.filter((w) => w.file === file && w.line === line)
    expect(at('okhttp/build.gradle.kts', 16)[0]?.message).toMatch(
      /^plugin okhttp\.jvm-conventions .*convention plugin/,
    )
    expect(at('settings.gradle.kts', 4)[0]?.message).toMatch(/^included build build-logic/)
    expect(at('settings.gradle.kts', 39)[0]?.message).toMatch(/^include inside a condition/)
    for (const w of r.warnings) expect(w.line ?? 0).toBeGreaterThan(0)
  })
})
