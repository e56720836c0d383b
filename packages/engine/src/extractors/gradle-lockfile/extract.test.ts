import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scopeOfGradleConfiguration } from './configurations'
import { extractGradleLockfile, gradleLockfileExtractor } from './extract'

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

describe('gradle-lockfile', () => {
  it('matches project, buildscript, settings and legacy lockfiles', () => {
    expect(gradleLockfileExtractor.matches('gradle.lockfile')).toBe(true)
    expect(gradleLockfileExtractor.matches('lib/buildscript-gradle.lockfile')).toBe(true)
    expect(gradleLockfileExtractor.matches('settings-gradle.lockfile')).toBe(true)
    expect(gradleLockfileExtractor.matches('gradle/dependency-locks/compileClasspath.lockfile')).toBe(true)
    expect(gradleLockfileExtractor.matches('my-gradle.lockfile.bak')).toBe(false)
  })

  it('maps configurations to scopes and warns on a bad line', () => {
    const r = extractGradleLockfile({ path: 'app/gradle.lockfile', content: fixture('gradle.lockfile') })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.graph.components.map((c) => [c.name, c.version, c.scope, c.locations[0]?.line])).toEqual([
      ['ch.qos.logback:logback-classic', '1.4.14', 'prod', 4],
      ['org.projectlombok:lombok', '1.18.30', 'provided', 5],
      ['org.junit.jupiter:junit-jupiter', '5.10.1', 'test', 6],
      ['org.jetbrains.kotlin:kotlin-compiler-embeddable', '1.9.22', 'dev', 7],
    ])
    expect(r.warnings).toEqual([
      {
        file: 'app/gradle.lockfile',
        line: 8,
        message: 'not a locked module (group:artifact:version): not a module line',
        gap: 'skipped-input',
      },
    ])
  })

  it('keeps the buildscript classpath apart as dev', () => {
    const r = extractGradleLockfile({ path: 'buildscript-gradle.lockfile', content: 'a:b:1=classpath\n' })
    expect(r.ok && r.graph.components[0]?.scope).toBe('dev')
  })

  it.each([
    ['implementation', 'prod'],
    ['releaseRuntimeClasspath', 'prod'],
    ['testImplementation', 'test'],
    ['androidTestImplementation', 'test'],
    ['compileOnly', 'provided'],
    ['kapt', 'dev'],
  ])('%s → %s', (name, scope) => {
    expect(scopeOfGradleConfiguration(name)).toBe(scope)
  })
})
