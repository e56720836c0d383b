// The corpus Maven projects (../shared/corpus README §2; issue 4 acceptance 2): declared dependencies
// are extracted, and where a parent or BOM cannot be fetched (no network: an empty repository, or
// Debian's file:///usr/share/maven-repo) the warning names the artifact and exactly the unresolved ones.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import { requireCorpus } from '../../testing/corpus'
import { fileRegistryFetch } from '../../testing/registry-fetch'
import { parsePom } from './pom'
import { resolveMavenProject } from './project'

const emptyRepository = (): MavenRepository =>
  new MavenRepository({ repositories: ['file:///nonexistent-sextant-repo'], fetch: fileRegistryFetch })
const debianRepository = (): MavenRepository =>
  new MavenRepository({ repositories: ['file:///usr/share/maven-repo'], fetch: fileRegistryFetch })

const PROJECTS = [
  'spring-petclinic',
  'commons-lang',
  'jackson-databind',
  'zeppelin-server',
  'dependency-track',
  'apache-maven',
]

describe.each(PROJECTS)('%s', (project) => {
  const root = join(requireCorpus(), 'projects', project)
  const readFile = (p: string): string | null =>
    existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8') : null

  it.each([
    ['an empty repository', emptyRepository],
    ['file:///usr/share/maven-repo', debianRepository],
  ])('extracts every declared dependency and names what is missing (%s)', async (_label, makeRepository) => {
    const result = await resolveMavenProject({ pomPath: 'pom.xml', readFile, repository: makeRepository() })
    expect(result.modules.length).toBeGreaterThan(0)
    for (const module of result.modules) {
      const raw = parsePom(readFile(module.pomPath) ?? '')
      expect(raw.ok).toBe(true)
      if (!raw.ok) continue
      // every <dependency> of the module (not dependencyManagement) is a direct node of its tree
      const declared = new Set(
        raw.pom.dependencies.map((d) => `${d.groupId}:${d.artifactId}`).filter((n) => !n.includes('${')),
      )
      const direct = new Set(
        module.nodes.filter((n) => n.parent === null).map((n) => `${n.groupId}:${n.artifactId}`),
      )
      for (const name of declared)
        expect([module.pomPath, name, direct.has(name)]).toEqual([module.pomPath, name, true])
      // a declared dependency left without a version is listed by a "could not be fetched" warning of its module
      const unresolved = module.nodes
        .filter((n) => n.parent === null && n.version === '')
        .map((n) => `${n.groupId}:${n.artifactId}`)
      const fetchWarnings = result.warnings.filter(
        (w) => w.file === module.pomPath && / could not be fetched: /.test(w.message),
      )
      for (const name of unresolved) {
        const named = fetchWarnings.some(
          (w) => w.message.includes(` ${name},`) || w.message.includes(` ${name} unresolved`),
        )
        const undefinedProperty = result.warnings.some((w) => w.message.includes(`in ${name}`))
        expect([module.pomPath, name, named || undefinedProperty]).toEqual([module.pomPath, name, true])
      }
    }
    const missing = result.warnings
      .filter((w) => / could not be fetched: /.test(w.message))
      .map((w) => `${w.file}:${w.line} ${w.message}`)
    console.log(
      `${project}: ${result.modules.length} modules, ${result.graph.components.length} components, ${result.warnings.length} warnings\n  ${missing.slice(0, 4).join('\n  ')}`,
    )
  })
})

describe('named missing parents', () => {
  it('spring-petclinic: the Spring Boot parent and exactly its managed dependencies', async () => {
    const root = join(requireCorpus(), 'projects/spring-petclinic')
    const readFile = (p: string): string | null =>
      existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8') : null
    const r = await resolveMavenProject({ pomPath: 'pom.xml', readFile, repository: emptyRepository() })
    const w = r.warnings.find((x) => x.message.startsWith('parent '))
    expect(w).toMatchObject({ file: 'pom.xml', line: 5 })
    expect(w?.message).toMatch(
      /^parent org\.springframework\.boot:spring-boot-starter-parent:4\.0\.3 could not be fetched: dependencies org\.springframework\.boot:spring-boot-starter-actuator, /,
    )
    const raw = parsePom(readFile('pom.xml') ?? '')
    const versionless = raw.ok
      ? raw.pom.dependencies.filter((d) => d.version === undefined).map((d) => `${d.groupId}:${d.artifactId}`)
      : []
    expect(w?.message).toBe(
      `parent org.springframework.boot:spring-boot-starter-parent:4.0.3 could not be fetched: dependencies ${versionless.join(', ')} unresolved`,
    )
  })
})
