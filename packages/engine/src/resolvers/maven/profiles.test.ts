// Maven profile activation beyond what the oracle projects show (they run on this machine): -D
// properties of another environment, JDK ranges and negation, activeByDefault yielding, profile
// dependencies replacing main ones, and <file> conditions that cannot be decided.
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import type { Warning } from '../../model'
import { registryFetchOf, type TextFetch } from '../../testing/registry-fetch'
import { parsePom } from './pom'
import { DEFAULT_PROFILE_ENVIRONMENT, type ProfileEnvironment, withActiveProfiles } from './profiles'
import { resolveMavenProject } from './project'

const profile = (id: string, activation: string, artifact: string): string =>
  `<profile><id>${id}</id><activation>${activation}</activation><dependencies><dependency><groupId>g</groupId><artifactId>${artifact}</artifactId><version>1</version></dependency></dependencies></profile>`
const pom = (...profiles: string[]): string =>
  `<project><groupId>g</groupId><artifactId>p</artifactId><version>1</version>
<dependencies><dependency><groupId>g</groupId><artifactId>main</artifactId><version>1</version></dependency></dependencies>
<profiles>
${profiles.join('\n')}
</profiles></project>`

/** Maven's `${basedir}`, written without a template literal's own `${`. */
const BASEDIR = ['$', '{basedir}'].join('')

function active(xml: string, env: Partial<ProfileEnvironment> = {}, exists?: (p: string) => boolean | null) {
  const r = parsePom(xml)
  if (!r.ok) throw new Error(r.message)
  const notes: string[] = []
  const merged = withActiveProfiles(r.pom, {
    env: { ...DEFAULT_PROFILE_ENVIRONMENT, ...env },
    ...(exists ? { exists } : {}),
    basedir: 'app',
    note: (line, message) => notes.push(`${line}: ${message}`),
  })
  return { deps: merged.dependencies.map((d) => `${d.artifactId}@${d.version}`), notes }
}

describe('Maven profile activation', () => {
  it('reads -D properties of the environment: name, !name, value and !value', () => {
    const xml = pom(
      profile('a', '<property><name>ci</name></property>', 'ci'),
      profile('b', '<property><name>!ci</name></property>', 'not-ci'),
      profile('c', '<property><name>env</name><value>prod</value></property>', 'prod'),
      profile('d', '<property><name>env</name><value>!prod</value></property>', 'not-prod'),
    )
    expect(active(xml).deps).toEqual(['main@1', 'not-ci@1', 'not-prod@1'])
    expect(active(xml, { properties: { ci: 'true', env: 'prod' } }).deps).toEqual([
      'main@1',
      'ci@1',
      'prod@1',
    ])
  })

  it('matches the JDK by prefix, range and negation; activeByDefault only when nothing else is active', () => {
    const xml = pom(
      profile('old', '<jdk>1.8</jdk>', 'old'),
      profile('range', '<jdk>[1.8,11)</jdk>', 'range'),
      profile('fallback', '<activeByDefault>true</activeByDefault>', 'fallback'),
    )
    expect(active(xml).deps).toEqual(['main@1', 'fallback@1'])
    expect(active(xml, { jdk: '1.8.0_392' }).deps).toEqual(['main@1', 'old@1', 'range@1'])
  })

  it('needs every condition of one activation; an empty activation never activates', () => {
    const xml = pom(
      profile('both', '<jdk>17</jdk><os><family>windows</family></os>', 'both'),
      profile('empty', '', 'empty'),
      profile('mac', '<os><family>unix</family><name>!linux</name></os>', 'mac'),
    )
    expect(active(xml).deps).toEqual(['main@1'])
    expect(
      active(xml, { os: { name: 'mac os x', family: 'mac', arch: 'aarch64', version: '14' } }).deps,
    ).toEqual(['main@1', 'mac@1'])
  })

  it('a profile dependency replaces the main one of the same key, in its place', () => {
    const xml = pom(
      profile('pin', '<property><name>!x</name></property>', 'main').replace(
        '<version>1</version></dependency></dependencies></profile>',
        '<version>2</version></dependency></dependencies></profile>',
      ),
    )
    expect(active(xml).deps).toEqual(['main@2'])
  })

  it('decides <file> from the project folder, and names what it cannot decide', () => {
    const xml = pom(
      profile('here', `<file><exists>${BASEDIR}/marker</exists></file>`, 'here'),
      profile('gone', '<file><missing>../other/marker</missing></file>', 'gone'),
    )
    const files = new Set(['app/marker', 'other/marker'])
    expect(active(xml, {}, (p) => files.has(p)).deps).toEqual(['main@1', 'here@1'])
    const unknown = active(xml, {}, () => null)
    expect(unknown.deps).toEqual(['main@1'])
    expect(unknown.notes).toEqual([
      `4: profile here: whether ${BASEDIR}/marker exists is not known, so the profile is treated as inactive`,
      '5: profile gone: whether ../other/marker exists is not known, so the profile is treated as inactive',
    ])
    // a repository POM has no project folder: file conditions never hold there
    expect(active(xml).deps).toEqual(['main@1'])
  })

  it('warns with file and line when the upload does not list its files', async () => {
    const fetchText: TextFetch = async () => ({ status: 404, body: '' })
    const repository = new MavenRepository({
      repositories: ['https://repo.test'],
      fetch: registryFetchOf(fetchText),
    })
    const text = pom(profile('here', '<file><exists>marker</exists></file>', 'here'))
    const result = await resolveMavenProject({
      pomPath: 'pom.xml',
      readFile: (p) => (p === 'pom.xml' ? text : null),
      repository,
    })
    expect(result.warnings.filter((w: Warning) => w.message.startsWith('profile'))).toEqual([
      {
        file: 'pom.xml',
        line: 4,
        message: 'profile here: whether marker exists is not known, so the profile is treated as inactive',
      },
    ])
  })
})
