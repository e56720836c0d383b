import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseGradleVersionCatalog } from './catalog'
import { extractGradleBuild, gradleBuildExtractor } from './extract'

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const ctx = {
  readFile: (p: string): string | null =>
    p === 'gradle/libs.versions.toml' ? fixture('gradle/libs.versions.toml') : null,
}

describe('gradle-build', () => {
  it('matches Groovy and Kotlin build scripts', () => {
    expect(gradleBuildExtractor.matches('build.gradle')).toBe(true)
    expect(gradleBuildExtractor.matches('okhttp/build.gradle.kts')).toBe(true)
    expect(gradleBuildExtractor.matches('settings.gradle')).toBe(false)
  })

  it('reads static declarations and names the lines it cannot read', () => {
    const r = extractGradleBuild({ path: 'build.gradle', content: fixture('build.gradle') }, ctx)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(
      r.graph.components.map(
        (c) => `${c.name}@${c.version} ${c.scope} ${c.locations.map((l) => l.line).join(',')}`,
      ),
    ).toEqual([
      'com.example:gradle-plugin@1.2 dev 9',
      'org.springframework.boot:spring-boot-starter-web@ prod 14',
      'com.fasterxml.jackson.core:jackson-databind@2.15.4 prod 15',
      'com.google.guava:guava@33.0.0-jre prod 16,17',
      'org.projectlombok:lombok@1.18.30 provided 18',
      'org.junit.jupiter:junit-jupiter@5.10.1 test 20',
      'org.assertj:assertj-core@3.25.1 test 21',
      'org.mockito:mockito-core@5.8.0 test 21',
      'org.springframework.boot:spring-boot-dependencies@3.2.0 prod 22',
      'org.foo:foo@1.0 prod 26',
    ])
    expect(r.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '14: org.springframework.boot:spring-boot-starter-web: no version declared (managed by a platform or plugin; not read statically)',
      '19: runtimeOnly: $unknownVersion cannot be read statically',
      '24: implementation: local files are not dependencies from a repository',
      '28: add: "configurationName, \'a:b:1\'" cannot be read statically',
    ])
  })

  it('reads Kotlin DSL with catalog accessors and source-set scopes', () => {
    const kts = [
      'kotlin {',
      '  sourceSets {',
      '    commonMain {',
      '      dependencies {',
      '        api(libs.mockito)',
      '        implementation(kotlin("stdlib", "1.9.0"))',
      '      }',
      '    }',
      '    val jvmTest by getting {',
      '      dependencies { implementation(libs.junit) }',
      '    }',
      '  }',
      '}',
      'dependencies {',
      '  "friendsApi"(projects.okhttp)',
      '  testImplementation(libs.assertj.core)',
      '}',
    ].join('\n')
    const r = extractGradleBuild({ path: 'build.gradle.kts', content: kts }, ctx)
    expect(r.ok && r.graph.components.map((c) => `${c.name}@${c.version} ${c.scope}`)).toEqual([
      'org.mockito:mockito-core@5.8.0 prod',
      'org.jetbrains.kotlin:kotlin-stdlib@1.9.0 prod',
      'org.assertj:assertj-core@3.25.1 test',
    ])
  })

  it('parses catalogs and reports malformed TOML with its line', () => {
    const c = parseGradleVersionCatalog(fixture('gradle/libs.versions.toml'))
    expect(c.ok && [...c.catalog.libraries.keys()]).toEqual(['junit', 'assertj.core', 'mockito'])
    expect(parseGradleVersionCatalog('[versions]\nx = \n')).toMatchObject({ ok: false })
  })
})
