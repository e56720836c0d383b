// Gradle configuration name → Scope (DESIGN §1 "Extract"; spec's "Production" filter): shipped
// classpaths are prod, test ones test, compile-only provided, tooling (annotation processors,
// Kotlin compiler, linters, buildscript/settings classpaths) dev.
import type { Scope } from '../../model'

const DEV =
  /^(annotationProcessor|kapt|ksp|detekt|ktlint|lint|jacoco|spotbugs|pmd|checkstyle|dokka|kotlinCompiler|kotlinKlib|kotlinNative|kotlinScript|kotlinBuildTools|developmentOnly|testAnnotationProcessor|.*(AnnotationProcessor|Kapt|Ksp|PluginClasspath|CompilerClasspath|CompilerPluginClasspath|ToolsClasspath)$)/i

/** Scope of one configuration (`compileClasspath`, `testRuntimeClasspath`, `implementation`, …). */
export function scopeOfGradleConfiguration(name: string): Scope {
  if (/test/i.test(name)) return 'test'
  if (DEV.test(name)) return 'dev'
  if (/compileOnly|provided/i.test(name)) return 'provided'
  if (
    /(compileClasspath|runtimeClasspath|implementation|api|compile|runtime|runtimeOnly|runtimeElements|apiElements)$/i.test(
      name,
    )
  )
    return 'prod'
  return 'dev'
}

const RANK: Record<Scope, number> = { prod: 4, optional: 3, provided: 2, test: 1, dev: 0 }

/**
 * Scope of a locked module from all the configurations that lock it. A module on a compile
 * classpath but on no runtime classpath of the same source set is compile-only: `provided`.
 */
export function scopeOfGradleConfigurations(configurations: readonly string[]): Scope {
  let best: Scope = 'dev'
  let first = true
  for (const c of configurations) {
    let s = scopeOfGradleConfiguration(c)
    if (s === 'prod' && /compileClasspath$/i.test(c)) {
      const prefix = c.replace(/compileClasspath$/i, '')
      const onRuntime = configurations.some(
        (o) =>
          o.toLowerCase() === `${prefix}runtimeclasspath`.toLowerCase() ||
          /productionRuntimeClasspath$/i.test(o),
      )
      if (!onRuntime) s = 'provided'
    }
    if (first || RANK[s] > RANK[best]) best = s
    first = false
  }
  return best
}

export { RANK as GRADLE_SCOPE_RANK }
