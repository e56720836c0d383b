import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseMavenMetadata } from './metadata'
import { type FetchText, MAVEN_CENTRAL, MavenRepository, parseRepositoryList } from './repository'
import { parseXml } from './xml'

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

function fakeFetch(
  files: Record<string, string>,
  down: string[] = [],
): { fetchText: FetchText; calls: string[] } {
  const calls: string[] = []
  const fetchText: FetchText = async (url) => {
    calls.push(url)
    if (down.some((d) => url.startsWith(d))) throw new Error('connect ECONNREFUSED')
    const body = files[url]
    return body === undefined ? { status: 404, body: '' } : { status: 200, body }
  }
  return { fetchText, calls }
}

describe('maven-metadata.xml', () => {
  it('reads versions, latest, release and lastUpdated', () => {
    expect(parseMavenMetadata(fixture('maven-metadata.xml'))).toEqual({
      groupId: 'org.slf4j',
      artifactId: 'slf4j-api',
      versions: ['1.7.36', '2.0.0', '2.0.16', '2.1.0-alpha1'],
      latest: '2.1.0-alpha1',
      release: '2.0.16',
      lastUpdated: '20241213154517',
    })
  })

  it('never expands or fetches entities', () => {
    const m = parseMavenMetadata(fixture('xxe-metadata.xml'))
    expect(m?.groupId).toBe('&xxe;&lol;')
    expect(m?.versions).toEqual(['1.0'])
    const parsed = parseXml(fixture('xxe-metadata.xml'), new Set())
    expect(parsed.ok && parsed.notes[0]?.line).toBe(2)
  })

  it('answers null for text that is not metadata, and a line for malformed XML', () => {
    expect(parseMavenMetadata('<html/>')).toBeNull()
    expect(parseXml('<a>\n<b></a>', new Set())).toMatchObject({ ok: false, line: 2 })
  })
})

describe('MavenRepository', () => {
  const pomPath = 'org/slf4j/slf4j-api/2.0.16/slf4j-api-2.0.16.pom'

  it('tries repositories in order and caches every URL', async () => {
    const { fetchText, calls } = fakeFetch({ [`file:///b/${pomPath}`]: '<project/>' })
    const repo = new MavenRepository({ repositories: ['https://a.example/m2/', 'file:///b'], fetchText })
    const c = { groupId: 'org.slf4j', artifactId: 'slf4j-api', version: '2.0.16' }
    expect(await repo.pom(c)).toEqual({ url: `file:///b/${pomPath}`, text: '<project/>' })
    expect(await repo.pom(c)).not.toBeNull()
    expect(calls).toEqual([`https://a.example/m2/${pomPath}`, `file:///b/${pomPath}`])
  })

  it('merges metadata across repositories', async () => {
    const meta = 'org/slf4j/slf4j-api/maven-metadata.xml'
    const { fetchText } = fakeFetch({
      [`https://a/${meta}`]: fixture('maven-metadata.xml'),
      [`https://b/${meta}`]:
        '<metadata><versioning><versions><version>3.0</version></versions></versioning></metadata>',
    })
    const repo = new MavenRepository({ repositories: ['https://a', 'https://b'], fetchText })
    expect((await repo.metadata('org.slf4j', 'slf4j-api'))?.versions).toContain('3.0')
  })

  it('names an unreachable repository once and skips it afterwards', async () => {
    const { fetchText, calls } = fakeFetch({}, ['https://down'])
    const repo = new MavenRepository({ repositories: ['https://down'], fetchText })
    expect(await repo.pom({ groupId: 'a', artifactId: 'b', version: '1' })).toBeNull()
    expect(await repo.pom({ groupId: 'a', artifactId: 'c', version: '1' })).toBeNull()
    expect(calls).toHaveLength(1)
    expect(repo.problems).toEqual([
      {
        repository: 'https://down',
        url: 'https://down/a/b/1/b-1.pom',
        message: 'unreachable: connect ECONNREFUSED',
      },
    ])
  })

  it('defaults to Maven Central', () => {
    expect(parseRepositoryList(undefined)).toEqual([MAVEN_CENTRAL])
    expect(parseRepositoryList(' https://x/ , file:///usr/share/maven-repo')).toEqual([
      'https://x',
      'file:///usr/share/maven-repo',
    ])
  })
})
