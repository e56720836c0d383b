import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { RegistryFetch, RegistryRequest } from '../types'
import { parseMavenMetadata } from './metadata'
import { MAVEN_CENTRAL, MavenRepository, parseRepositoryList } from './repository'
import { parseXml } from './xml'

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

function fakeFetch(
  files: Record<string, string>,
  down: string[] = [],
): { fetch: RegistryFetch; calls: string[]; requests: RegistryRequest[] } {
  const calls: string[] = []
  const requests: RegistryRequest[] = []
  const fetch: RegistryFetch = async (request) => {
    calls.push(request.url)
    requests.push(request)
    if (down.some((d) => request.url.startsWith(d)))
      return { kind: 'failed', status: null, message: 'connect ECONNREFUSED' }
    const body = files[request.url]
    return body === undefined ? { kind: 'not-found' } : { kind: 'ok', body, etag: null }
  }
  return { fetch, calls, requests }
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
    const { fetch, calls } = fakeFetch({ [`file:///b/${pomPath}`]: '<project/>' })
    const repo = new MavenRepository({ repositories: ['https://a.example/m2/', 'file:///b'], fetch })
    const c = { groupId: 'org.slf4j', artifactId: 'slf4j-api', version: '2.0.16' }
    expect(await repo.pom(c)).toEqual({ url: `file:///b/${pomPath}`, text: '<project/>' })
    expect(await repo.pom(c)).not.toBeNull()
    expect(calls).toEqual([`https://a.example/m2/${pomPath}`, `file:///b/${pomPath}`])
  })

  it('merges metadata across repositories', async () => {
    const meta = 'org/slf4j/slf4j-api/maven-metadata.xml'
    const { fetch } = fakeFetch({
      [`https://a/${meta}`]: fixture('maven-metadata.xml'),
      [`https://b/${meta}`]:
        '<metadata><versioning><versions><version>3.0</version></versions></versioning></metadata>',
    })
    const repo = new MavenRepository({ repositories: ['https://a', 'https://b'], fetch })
    expect((await repo.metadata('org.slf4j', 'slf4j-api'))?.versions).toContain('3.0')
  })

  it('names metadata it cannot read, rather than taking the artifact for absent', async () => {
    const { fetch } = fakeFetch({ 'https://a/a/b/maven-metadata.xml': '<html>' })
    const repo = new MavenRepository({ repositories: ['https://a'], fetch })
    expect(await repo.metadata('a', 'b')).toBeNull()
    expect(repo.problems).toEqual([
      {
        repository: 'https://a',
        url: 'https://a/a/b/maven-metadata.xml',
        message: 'not a maven-metadata.xml document',
      },
    ])
  })

  it('names an unreachable repository once and skips it afterwards', async () => {
    const { fetch, calls } = fakeFetch({}, ['https://down'])
    const repo = new MavenRepository({ repositories: ['https://down'], fetch })
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

  it('asks to keep release POMs for good, and metadata and SNAPSHOT POMs until revalidated', async () => {
    const { fetch, requests } = fakeFetch({})
    const repo = new MavenRepository({ repositories: ['https://a'], fetch })
    await repo.pom({ groupId: 'a', artifactId: 'b', version: '1.0' })
    await repo.pom({ groupId: 'a', artifactId: 'b', version: '1.1-SNAPSHOT' })
    await repo.metadata('a', 'b')
    expect(requests.map((r) => `${r.cache} ${r.url}`)).toEqual([
      'immutable https://a/a/b/1.0/b-1.0.pom',
      'revalidate https://a/a/b/1.1-SNAPSHOT/b-1.1-SNAPSHOT.pom',
      'revalidate https://a/a/b/maven-metadata.xml',
    ])
    expect(requests.every((r) => r.accept.startsWith('application/xml'))).toBe(true)
  })

  it('keeps asking a repository after a request not sent offline, and names a stale answer', async () => {
    const answers: Record<string, Awaited<ReturnType<RegistryFetch>>> = {
      'https://a/a/b/1/b-1.pom': { kind: 'failed', status: null, message: 'not cached', offline: true },
      'https://a/a/c/1/c-1.pom': {
        kind: 'ok',
        body: '<project/>',
        etag: null,
        stale: { since: '2026-01-01T00:00:00.000Z', message: 'HTTP 503' },
      },
    }
    const repo = new MavenRepository({
      repositories: ['https://a'],
      fetch: async (r) => answers[r.url] ?? { kind: 'not-found' },
    })
    expect(await repo.pom({ groupId: 'a', artifactId: 'b', version: '1' })).toBeNull()
    expect(await repo.pom({ groupId: 'a', artifactId: 'c', version: '1' })).not.toBeNull()
    expect(repo.problems).toEqual([
      { repository: 'https://a', url: 'https://a/a/b/1/b-1.pom', message: 'not cached' },
      {
        repository: 'https://a',
        url: 'https://a/a/c/1/c-1.pom',
        message: 'unreachable (HTTP 503); answered from the cache of 2026-01-01T00:00:00.000Z',
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
