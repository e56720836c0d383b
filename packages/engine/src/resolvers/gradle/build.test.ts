// The Gradle resolver on small builds (issue 4): settings includes with renames and project folders,
// allprojects / subprojects / project(':x') blocks, project dependencies answered from the build,
// BOM versions from platform(), enforcedPlatform(), catalog references, mavenBom imports and the
// Spring Boot plugin, and a warning with file and line for everything not read statically.
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import { registryFetchOf, type TextFetch } from '../../testing/registry-fetch'
import { resolveGradleBuild } from './build'

const bom = (coords: string, managed: string[], body = ''): string => {
  const [g, a, v] = coords.split(':')
  const deps = managed
    .map((m) => {
      const [mg, ma, mv] = m.split(':')
      return `<dependency><groupId>${mg}</groupId><artifactId>${ma}</artifactId><version>${mv}</version></dependency>`
    })
    .join('\n')
  return `<project><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><packaging>pom</packaging>${body}
<dependencyManagement><dependencies>${deps}</dependencies></dependencyManagement></project>`
}
const pomPath = (coords: string): string => {
  const [g, a, v] = coords.split(':') as [string, string, string]
  return `${g.replace(/\./g, '/')}/${a}/${v}/${a}-${v}.pom`
}

function repository(poms: Record<string, string>): MavenRepository {
  const files = Object.fromEntries(Object.entries(poms).map(([c, text]) => [pomPath(c), text]))
  const fetchText: TextFetch = async (url) => {
    const body = files[url.replace('https://repo.test/', '')]
    return body === undefined ? { status: 404, body: '' } : { status: 200, body }
  }
  return new MavenRepository({ repositories: ['https://repo.test'], fetch: registryFetchOf(fetchText) })
}

const PLATFORM = 'org.acme:acme-bom:2.0'
const POMS = {
  [PLATFORM]: bom(PLATFORM, ['org.acme:core:2.0', 'org.acme:util:2.5', 'org.acme:old:0.9']),
  'org.other:other-bom:1.0': bom('org.other:other-bom:1.0', ['org.acme:util:3.0', 'org.x:x:1.1']),
  'org.springframework.boot:spring-boot-dependencies:3.3.0': bom(
    'org.springframework.boot:spring-boot-dependencies:3.3.0',
    ['org.springframework.boot:spring-boot-starter-web:3.3.0', 'org.acme:core:2.2'],
  ),
}

async function build(files: Record<string, string>, poms: Record<string, string> | null = POMS) {
  return resolveGradleBuild({
    rootDir: '',
    readFile: (p) => files[p] ?? null,
    paths: Object.keys(files),
    ...(poms ? { repository: repository(poms) } : {}),
  })
}

const versions = (r: Awaited<ReturnType<typeof build>>): string[] =>
  r.graph.components.map((c) => `${c.name}@${c.version} ${c.scope}`)
const messages = (r: Awaited<ReturnType<typeof build>>): string[] =>
  r.warnings.map((w) => `${w.file}:${w.line ?? '-'} ${w.message}`)

describe('resolveGradleBuild', () => {
  it('applies platform() and enforcedPlatform() versions, catalog references included', async () => {
    const r = await build({
      'build.gradle.kts': [
        'plugins { `java-library` }',
        'dependencies {',
        '  implementation(platform(libs.acme.bom))',
        '  implementation("org.acme:core")',
        '  implementation("org.acme:util:2.1")',
        '  implementation("org.acme:old:1.0")',
        '  testImplementation(enforcedPlatform("org.other:other-bom:1.0"))',
        '  testImplementation("org.x:x:1.0")',
        '}',
      ].join('\n'),
      'gradle/libs.versions.toml':
        '[libraries]\nacme-bom = { module = "org.acme:acme-bom", version = "2.0" }\n',
    })
    expect(versions(r)).toEqual([
      'org.acme:acme-bom@2.0 prod',
      // platform recommendations take part in conflict resolution: the highest wins
      'org.acme:core@2.0 prod',
      'org.acme:util@3.0 prod', // enforcedPlatform overrides the declared 2.1 and the platform's 2.5
      'org.acme:old@1.0 prod', // the declared 1.0 is higher than the platform's 0.9
      'org.other:other-bom@1.0 test',
      'org.x:x@1.1 test',
    ])
    expect(r.warnings).toEqual([])
  })

  it('applies the Spring Boot BOM when io.spring.dependency-management is applied, written versions winning', async () => {
    const files = (plugins: string) => ({
      'build.gradle': [
        'plugins {',
        "  id 'org.springframework.boot' version '3.3.0'",
        plugins,
        '}',
        'dependencies {',
        "  implementation 'org.springframework.boot:spring-boot-starter-web'",
        "  implementation 'org.acme:core:2.1'",
        "  implementation 'org.acme:missing'",
        '}',
      ].join('\n'),
    })
    const r = await build(files("  id 'io.spring.dependency-management' version '1.1.7'"))
    expect(versions(r)).toEqual([
      'org.springframework.boot:spring-boot-starter-web@3.3.0 prod',
      'org.acme:core@2.1 prod',
      'org.acme:missing@ prod',
    ])
    expect(messages(r)).toEqual([
      'build.gradle:8 org.acme:missing: no version declared and not managed by org.springframework.boot:spring-boot-dependencies:3.3.0',
    ])
    const without = await build(files(''))
    expect(messages(without)).toContain(
      'build.gradle:6 org.springframework.boot:spring-boot-starter-web: no version declared and no platform or BOM manages it (org.springframework.boot is applied without io.spring.dependency-management, so it manages no versions)',
    )
  })

  it('names the BOM that cannot be fetched and every dependency left without a version', async () => {
    const files = {
      'build.gradle': [
        'plugins {',
        "  id 'org.springframework.boot' version '3.3.0'",
        "  id 'io.spring.dependency-management' version '1.1.7'",
        '}',
        'dependencies {',
        "  implementation 'org.springframework.boot:spring-boot-starter-web'",
        "  implementation 'org.acme:core'",
        "  implementation 'org.acme:pinned:1.0'",
        '}',
      ].join('\n'),
    }
    const missing = await build(files, {})
    expect(messages(missing)).toEqual([
      'build.gradle:2 BOM org.springframework.boot:spring-boot-dependencies:3.3.0 (the org.springframework.boot plugin 3.3.0 with io.spring.dependency-management) could not be fetched from https://repo.test: dependencies org.springframework.boot:spring-boot-starter-web, org.acme:core of project : are without version',
    ])
    expect(versions(missing)).toContain('org.acme:pinned@1.0 prod')
    const offline = await build(files, null)
    expect(messages(offline)[0]).toContain('not fetched: no Maven repository is configured: dependencies')
  })

  it('reads settings includes, allprojects / subprojects / project blocks and project dependencies', async () => {
    const r = await build({
      'settings.gradle': [
        "rootProject.name = 'shop'",
        "include ':app', ':lib'",
        'include(',
        "  ':tools:gen',",
        ')',
        "project(':lib').name = 'shop-lib'",
        "project(':tools:gen').projectDir = file('generator')",
        "includeBuild('build-logic')",
        "if (System.getenv('CI')) {",
        "  include ':ci'",
        '}',
      ].join('\n'),
      'gradle.properties': 'version=1.4\n',
      'build.gradle': [
        'allprojects {',
        "  group = 'com.shop'",
        '}',
        'subprojects {',
        "  apply plugin: 'java-library'",
        '  dependencies {',
        "    testImplementation 'junit:junit:4.13.2'",
        '  }',
        '}',
        "project(':app') {",
        '  dependencies {',
        "    implementation 'org.x:x:1.0'",
        '  }',
        '}',
      ].join('\n'),
      'app/build.gradle': [
        'plugins {',
        "  id 'shop.conventions'",
        '}',
        'dependencies {',
        "  implementation project(':lib')",
        '  runtimeOnly projects.tools.gen',
        "  implementation project(':nope')",
        '}',
      ].join('\n'),
      'lib/build.gradle':
        "dependencies {\n  api 'org.acme:core:2.0'\n  compileOnly 'org.acme:annotations:1.0'\n}",
      'generator/build.gradle.kts': 'dependencies {\n  implementation("org.acme:util:2.5")\n}',
      'buildSrc/build.gradle.kts': 'plugins { `kotlin-dsl` }',
    })
    expect(r.projects.map((p) => `${p.path} ${p.group}:${p.name}:${p.version} ${p.buildFile}`)).toEqual([
      ': com.shop:shop:1.4 build.gradle',
      ':app com.shop:app:1.4 app/build.gradle',
      ':lib com.shop:shop-lib:1.4 lib/build.gradle',
      ':tools:gen com.shop:gen:1.4 generator/build.gradle.kts',
    ])
    expect(versions(r)).toEqual([
      'junit:junit@4.13.2 test',
      'org.x:x@1.0 prod',
      'org.acme:core@2.0 prod',
      'org.acme:annotations@1.0 provided',
      'org.acme:util@2.5 prod',
      'com.shop:shop-lib@1.4 prod',
      'com.shop:gen@1.4 prod',
    ])
    const shopLib = r.graph.components.find((c) => c.name === 'com.shop:shop-lib')
    expect(shopLib).toMatchObject({ source: 'workspace', locations: [{ file: 'app/build.gradle', line: 5 }] })
    // what a project dependency brings: the other project's api/implementation/runtime modules
    expect(r.graph.edges.filter((e) => e.from !== 'root')).toEqual([
      { from: 'pkg:maven/com.shop/shop-lib@1.4', to: 'pkg:maven/org.acme/core@2.0' },
      { from: 'pkg:maven/com.shop/gen@1.4', to: 'pkg:maven/org.acme/util@2.5' },
    ])
    expect(messages(r)).toEqual([
      'app/build.gradle:2 plugin shop.conventions is not versioned anywhere in the build: a convention plugin (buildSrc or an included build) or one on the classpath; dependencies and versions it adds cannot be read statically',
      'app/build.gradle:7 implementation: project :nope is not a project of this build',
      'buildSrc/build.gradle.kts:- buildSrc convention plugins cannot be read statically: dependencies they add are not in the report',
      'settings.gradle:8 included build build-logic: its plugins and what they add to projects cannot be read statically',
      "settings.gradle:10 include inside a condition is not read statically (not part of the report): include ':ci'",
    ])
  })

  it('applies the constraints of a java-platform project used through platform(project(...))', async () => {
    const r = await build({
      'settings.gradle.kts': 'include("platform", "app")',
      'platform/build.gradle.kts': [
        'plugins { `java-platform` }',
        'dependencies {',
        '  constraints {',
        '    api("org.acme:core:2.3")',
        '    api("org.acme:util:1.0")',
        '  }',
        '}',
      ].join('\n'),
      'app/build.gradle.kts': [
        'dependencies {',
        '  implementation(platform(project(":platform")))',
        '  implementation("org.acme:core")',
        '  testImplementation(enforcedPlatform(projects.platform))',
        '  testImplementation("org.acme:util:1.5")',
        '}',
      ].join('\n'),
    })
    expect(versions(r).filter((v) => v.startsWith('org.acme'))).toEqual([
      'org.acme:core@2.3 prod',
      'org.acme:util@1.0 test', // enforced: the platform's 1.0 overrides the declared 1.5
    ])
    expect(r.warnings).toEqual([])
  })

  it('takes plugin versions from the root build, mavenBom imports and dependencyManagement entries', async () => {
    const r = await build({
      'settings.gradle.kts': 'include("web")',
      'build.gradle.kts': [
        'plugins {',
        '  id("org.springframework.boot") version "3.3.0" apply false',
        '  id("io.spring.dependency-management") version "1.1.7" apply false',
        '}',
        'subprojects {',
        '  apply(plugin = "io.spring.dependency-management")',
        '}',
      ].join('\n'),
      'web/build.gradle.kts': [
        'plugins {',
        '  id("org.springframework.boot")',
        '}',
        'dependencyManagement {',
        '  imports {',
        '    mavenBom("org.acme:acme-bom:2.0")',
        '  }',
        '  dependencies {',
        '    dependency("org.x:x:9.9")',
        '  }',
        '}',
        'dependencies {',
        '  implementation("org.springframework.boot:spring-boot-starter-web")',
        '  implementation("org.acme:core")',
        '  implementation("org.x:x")',
        '  constraints {',
        '    implementation("org.acme:util:2.6")',
        '  }',
        '  implementation("org.acme:util")',
        '}',
      ].join('\n'),
    })
    expect(versions(r)).toEqual([
      'org.springframework.boot:spring-boot-starter-web@3.3.0 prod',
      'org.acme:core@2.0 prod', // the last imported BOM wins (mavenBom after the plugin's)
      'org.x:x@9.9 prod',
      'org.acme:util@2.6 prod', // the constraint is higher than the BOM's 2.5
    ])
    expect(r.warnings).toEqual([])
  })
})
