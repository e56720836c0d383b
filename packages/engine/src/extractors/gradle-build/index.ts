// Gradle build-script extractor (DESIGN §4 extractors): registry key `gradle-build`; reads
// build.gradle(.kts) with gradle/libs.versions.toml catalogs.
export {
  type CatalogLibrary,
  catalogKey,
  type GradleVersionCatalog,
  parseGradleVersionCatalog,
} from './catalog'
export { extractGradleBuild } from './extract'
export { gradleBuildExtractor } from './extractor'
