// Gradle resolver (DESIGN §1 "Resolve", §4): settings includes, build scripts with cross-project
// blocks, and BOM versions (platforms, Spring Boot plugin) through the Maven resolver.
export {
  type GradleBuildInput,
  type GradleBuildResult,
  type GradleProjectResult,
  resolveGradleBuild,
} from './build'
export { gradleResolver, topLevelGradleBuilds } from './resolver'
export { type GradleProjectEntry, type GradleSettings, readGradleSettings } from './settings'
