// The corpus Gradle build scripts (../shared/corpus, README §2): okhttp (Kotlin DSL + catalog) and
// spring-petclinic (Groovy) yield their declared dependencies, with versions wherever the script has one.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../../testing/corpus'
import { extractGradleBuild } from './extract'

function extract(project: string, file: string) {
  const root = join(requireCorpus(), 'projects', project)
  const readFile = (p: string): string | null =>
    existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8') : null
  return extractGradleBuild({ path: file, content: readFileSync(join(root, file), 'utf8') }, { readFile })
}

describe('Gradle build scripts in the corpus', () => {
  it('okhttp/okhttp/build.gradle.kts: catalog libraries with versions and source-set scopes', () => {
    const r = extract('okhttp', 'okhttp/build.gradle.kts')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const byName = new Map(r.graph.components.map((c) => [c.name, c]))
    expect(byName.get('com.squareup.okio:okio')).toMatchObject({ scope: 'prod', direct: true })
    expect(byName.get('com.squareup.okio:okio')?.version).toMatch(/^\d/)
    expect(byName.get('org.bouncycastle:bcprov-jdk15to18')?.scope).toBe('provided')
    expect(byName.get('org.junit.jupiter:junit-jupiter-api')?.scope).toBe('test')
    expect(r.graph.components.length).toBeGreaterThan(25)
    const versionless = r.graph.components.filter((c) => c.version === '').map((c) => c.name)
    console.log(
      `okhttp: ${r.graph.components.length} declared, versionless: ${versionless.join(', ') || 'none'}, warnings: ${r.warnings.length}`,
    )
  })

  it('okhttp module scripts read every declaration or name its line', () => {
    for (const file of [
      'okhttp-logging-interceptor/build.gradle.kts',
      'mockwebserver/build.gradle.kts',
      'okhttp-bom/build.gradle.kts',
      'build.gradle.kts',
    ]) {
      const r = extract('okhttp', file)
      expect(r.ok).toBe(true)
      for (const w of r.warnings) expect(w.file === file ? w.line : 1).toBeGreaterThan(0)
    }
    const logging = extract('okhttp', 'okhttp-logging-interceptor/build.gradle.kts')
    expect(logging.ok && logging.graph.components.map((c) => `${c.name}@${c.version}`)).toEqual([
      'junit:junit@4.13.2',
      expect.stringMatching(/^com\.willowtreeapps\.assertk:assertk@\d/),
    ])
  })

  it('spring-petclinic/build.gradle: all 25 declarations, versions where written, plugin-managed ones warned', () => {
    const r = extract('spring-petclinic', 'build.gradle')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const names = r.graph.components.map((c) => `${c.name}@${c.version}`)
    expect(names).toHaveLength(25)
    expect(names).toContain('org.webjars.npm:bootstrap@5.3.8')
    expect(names).toContain('com.puppycrawl.tools:checkstyle@12.3.1')
    expect(
      r.graph.components.find((c) => c.name === 'org.springframework.boot:spring-boot-devtools')?.scope,
    ).toBe('dev')
    expect(r.graph.components.find((c) => c.name === 'org.testcontainers:testcontainers-mysql')?.scope).toBe(
      'test',
    )
    const versionless = r.graph.components.filter((c) => c.version === '')
    expect(r.warnings.filter((w) => w.message.includes('no version declared'))).toHaveLength(
      versionless.length,
    )
  })
})
