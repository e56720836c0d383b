// Gradle plugins as the static reader sees them (Gradle user guide "Using plugins"; DESIGN §1
// "Resolve"): which ids are Gradle's own, where a plugin's version is declared in the build, and
// the plugins whose dependencies and versions only running Gradle would show (convention plugins).

/** Plugins shipped with Gradle: applied by id alone, adding no repository dependencies we could miss. */
const CORE = new Set([
  'antlr',
  'application',
  'base',
  'build-dashboard',
  'checkstyle',
  'codenarc',
  'distribution',
  'ear',
  'eclipse',
  'groovy',
  'groovy-gradle-plugin',
  'idea',
  'ivy-publish',
  'jacoco',
  'jacoco-report-aggregation',
  'java',
  'java-gradle-plugin',
  'java-library',
  'java-library-distribution',
  'java-platform',
  'java-test-fixtures',
  'jvm-test-suite',
  'kotlin-dsl',
  'maven-publish',
  'pmd',
  'project-report',
  'publishing',
  'scala',
  'signing',
  'test-report-aggregation',
  'version-catalog',
  'war',
  'embedded-kotlin',
])

export function isCorePlugin(id: string): boolean {
  return CORE.has(id) || id.startsWith('org.gradle.')
}

export const SPRING_BOOT_PLUGIN = 'org.springframework.boot'
export const DEPENDENCY_MANAGEMENT_PLUGIN = 'io.spring.dependency-management'
export const SPRING_BOOT_BOM = { group: 'org.springframework.boot', artifact: 'spring-boot-dependencies' }

/** Plugin versions a build script's `buildscript { dependencies { classpath ... } }` puts on the classpath. */
export function pluginVersionFromClasspath(
  group: string,
  artifact: string,
  version: string,
): [string, string] | null {
  if (group === 'org.springframework.boot' && artifact === 'spring-boot-gradle-plugin')
    return [SPRING_BOOT_PLUGIN, version]
  if (group === 'io.spring.gradle' && artifact === 'dependency-management-plugin')
    return [DEPENDENCY_MANAGEMENT_PLUGIN, version]
  return null
}
