// Bad input for the Maven resolver (issue 4 acceptance 4): each problem is a warning naming the
// artifact, file and line, and the rest of the project still resolves.
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import { registryFetchOf, type TextFetch } from '../../testing/registry-fetch'
import { resolveMavenProject } from './project'

const pom = (coords: string, body = ''): string => {
  const [g, a, v] = coords.split(':')
  return `<project>\n<groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>\n${body}\n</project>`
}
const dep = (coords: string, extra = ''): string => {
  const [g, a, v] = coords.split(':')
  return `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${v ? `<version>${v}</version>` : ''}${extra}</dependency>`
}
const path = (coords: string): string => {
  const [g, a, v] = coords.split(':') as [string, string, string]
  return `${g.replace(/\./g, '/')}/${a}/${v}/${a}-${v}.pom`
}

function repo(files: Record<string, string>, down = false): MavenRepository {
  const fetchText: TextFetch = async (url) => {
    if (down) throw new Error('ECONNREFUSED')
    const rel = url.replace('https://repo.test/', '')
    const body = files[rel]
    return body === undefined ? { status: 404, body: '' } : { status: 200, body }
  }
  return new MavenRepository({ repositories: ['https://repo.test'], fetch: registryFetchOf(fetchText) })
}

async function resolve(project: Record<string, string>, files: Record<string, string> = {}, down = false) {
  return resolveMavenProject({
    pomPath: 'pom.xml',
    readFile: (p) => project[p] ?? null,
    repository: repo(files, down),
  })
}

const LIB = 'org.lib:lib:1.0'
/** A Maven property reference, written without a template literal's own `${`. */
const NOPE = ['$', '{nope}'].join('')
const libFiles = { [path(LIB)]: pom(LIB) }

describe('Maven resolver warnings', () => {
  it('malformed XML names file and line', async () => {
    const r = await resolve({ 'pom.xml': '<project>\n<dependencies>\n</project>' })
    expect(r.warnings[0]).toMatchObject({ file: 'pom.xml', line: 3 })
    expect(r.warnings[0]?.message).toMatch(/malformed XML/)
  })

  it('never expands external entities', async () => {
    const text = `<?xml version="1.0"?>\n<!DOCTYPE project [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${pom('a:b:1', `<dependencies>${dep(LIB)}</dependencies>`)}`
    const r = await resolve({ 'pom.xml': text }, libFiles)
    expect(r.warnings).toEqual([
      { file: 'pom.xml', line: 2, message: expect.stringMatching(/entity declarations ignored/) },
    ])
    expect(r.graph.components.map((c) => c.name)).toEqual(['org.lib:lib'])
  })

  it('a parent cycle is named and the project still resolves', async () => {
    const p1 = 'org.p:p1:1'
    const p2 = 'org.p:p2:1'
    const files = {
      ...libFiles,
      [path(p1)]: pom(
        p1,
        '<parent><groupId>org.p</groupId><artifactId>p2</artifactId><version>1</version></parent>',
      ),
      [path(p2)]: pom(
        p2,
        '<parent><groupId>org.p</groupId><artifactId>p1</artifactId><version>1</version></parent>',
      ),
    }
    const child = `<project>\n<parent><groupId>org.p</groupId><artifactId>p1</artifactId><version>1</version><relativePath/></parent>\n<artifactId>c</artifactId>\n<dependencies>${dep(LIB)}</dependencies></project>`
    const r = await resolve({ 'pom.xml': child }, files)
    expect(r.warnings.map((w) => w.message)).toEqual(['parent cycle: org.p:p1:1 is its own ancestor'])
    expect(r.graph.components.map((c) => c.name)).toEqual(['org.lib:lib'])
  })

  it('an undefined property names artifact, file and line', async () => {
    const r = await resolve(
      { 'pom.xml': pom('a:b:1', `<dependencies>\n${dep(`org.x:y:${NOPE}`)}\n${dep(LIB)}\n</dependencies>`) },
      libFiles,
    )
    expect(r.warnings).toContainEqual({
      file: 'pom.xml',
      line: 4,
      message: `undefined property ${NOPE} in org.x:y`,
    })
    expect(r.graph.components.map((c) => `${c.name}@${c.version}`)).toEqual(['org.x:y@', 'org.lib:lib@1.0'])
  })

  it('a missing parent says which dependencies are unresolved', async () => {
    const child = `<project>\n<parent><groupId>org.x</groupId><artifactId>y</artifactId><version>1.0</version></parent>\n<artifactId>c</artifactId>\n<dependencies>${dep('a:managed')}${dep('b:managed2')}${dep(LIB)}</dependencies></project>`
    const r = await resolve({ 'pom.xml': child }, libFiles)
    expect(r.warnings).toEqual([
      {
        file: 'pom.xml',
        line: 2,
        message: 'parent org.x:y:1.0 could not be fetched: dependencies a:managed, b:managed2 unresolved',
        gap: 'incomplete-graph',
      },
    ])
    expect(r.graph.components.map((c) => `${c.name}@${c.version}`)).toEqual([
      'a:managed@',
      'b:managed2@',
      'org.lib:lib@1.0',
    ])
  })

  it('a missing BOM says which dependencies are unresolved', async () => {
    const body = `<dependencyManagement><dependencies>\n${dep('org.bom:bom:2', '<type>pom</type><scope>import</scope>')}\n</dependencies></dependencyManagement><dependencies>${dep('org.m:m')}</dependencies>`
    const r = await resolve({ 'pom.xml': pom('a:b:1', body) })
    expect(r.warnings).toEqual([
      {
        file: 'pom.xml',
        line: 4,
        message: 'BOM org.bom:bom:2 could not be fetched: dependencies org.m:m unresolved',
        gap: 'incomplete-graph',
      },
    ])
  })

  it('a BOM import cycle is named instead of hanging', async () => {
    const imp = (c: string): string =>
      `<dependencyManagement><dependencies>${dep(c, '<type>pom</type><scope>import</scope>')}</dependencies></dependencyManagement>`
    const files = {
      [path('org.b:one:1')]: pom('org.b:one:1', imp('org.b:two:1')),
      [path('org.b:two:1')]: pom('org.b:two:1', imp('org.b:one:1')),
      ...libFiles,
    }
    const r = await resolve(
      { 'pom.xml': pom('a:b:1', `${imp('org.b:one:1')}<dependencies>${dep(LIB)}</dependencies>`) },
      files,
    )
    expect(r.warnings.map((w) => w.message)).toEqual(['BOM import cycle: org.b:one:1 imports itself'])
    expect(r.graph.components.map((c) => c.name)).toEqual(['org.lib:lib'])
  })

  it('a missing dependency POM keeps the artifact and warns', async () => {
    const r = await resolve({
      'pom.xml': pom('a:b:1', `<dependencies>\n${dep('org.gone:gone:1')}\n</dependencies>`),
    })
    expect(r.warnings).toEqual([
      {
        file: 'pom.xml',
        line: 4,
        message: 'the POM for org.gone:gone:1 could not be fetched: its dependencies are unresolved',
        gap: 'incomplete-graph',
      },
    ])
    expect(r.graph.components).toHaveLength(1)
  })

  it('an unreachable repository is named', async () => {
    const r = await resolve({ 'pom.xml': pom('a:b:1', `<dependencies>${dep(LIB)}</dependencies>`) }, {}, true)
    expect(r.warnings.map((w) => w.message)).toContain(
      'repository https://repo.test: unreachable: ECONNREFUSED, while fetching https://repo.test/org/lib/lib/1.0/lib-1.0.pom',
    )
  })

  it('resolves a range against maven-metadata.xml, newest match', async () => {
    const files = {
      'org/r/r/maven-metadata.xml':
        '<metadata><versioning><versions><version>1.0</version><version>1.5</version><version>2.0</version></versions></versioning></metadata>',
      [path('org.r:r:1.5')]: pom(
        'org.r:r:1.5',
        `<dependencies>${dep(LIB)}<dependency><groupId>o</groupId><artifactId>opt</artifactId><version>1</version><optional>true</optional></dependency></dependencies>`,
      ),
      ...libFiles,
    }
    const r = await resolve(
      { 'pom.xml': pom('a:b:1', `<dependencies>${dep('org.r:r:[1.0,2.0)')}</dependencies>`) },
      files,
    )
    expect(r.warnings).toEqual([])
    expect(r.graph.components.map((c) => `${c.name}@${c.version}:${c.direct}`)).toEqual([
      'org.r:r@1.5:true',
      'org.lib:lib@1.0:false',
    ])
    expect(r.graph.components[0]?.locations).toEqual([{ file: 'pom.xml', line: 3 }])
  })
})
