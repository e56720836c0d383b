// Gradle build-script extractor (DESIGN §4 extractors): registry key `gradle-build`; reads
// build.gradle(.kts) with gradle/libs.versions.toml catalogs.

export { scanGradleScript } from './blocks'
export {
  type CatalogLibrary,
  catalogKey,
  type GradleVersionCatalog,
  parseGradleVersionCatalog,
} from './catalog'
export type { DeclaredModule as GradleDeclaredModule } from './declarations'
export { byLine as gradleWarningOrder, extractGradleBuild, GradleComponents } from './extract'
export { gradleBuildExtractor } from './extractor'
export {
  findUp as findGradleFileUp,
  type GradleDeclaration,
  type GradleManagedVersion,
  type GradleMavenBom,
  type GradlePlugin,
  type GradleScript,
  type GradleTarget,
  readGradleScript,
} from './script'
