// Maven resolver (DESIGN §1 "Resolve", §4): effective POMs and Maven 3 transitive resolution
// over the maven-repository datasource, producing the engine's DependencyGraph.
export {
  dependencyKey as mavenDependencyKey,
  type EffectiveDependency as MavenEffectiveDependency,
  type EffectivePom as MavenEffectivePom,
} from './effective'
export { mavenNodePurl, mavenScopeToScope } from './graph'
export { interpolate as interpolateMavenProperties } from './interpolate'
export {
  parsePom as parseMavenPom,
  type RawDependency as MavenRawDependency,
  type RawPom as MavenRawPom,
} from './pom'
export {
  DEFAULT_PROFILE_ENVIRONMENT as DEFAULT_MAVEN_PROFILE_ENVIRONMENT,
  type ProfileEnvironment as MavenProfileEnvironment,
} from './profiles'
export {
  type MavenModuleResult,
  type MavenProjectInput,
  type MavenProjectResult,
  resolveMavenProject,
} from './project'
export { type MavenNode, propagateScope as propagateMavenScope } from './resolve'
export { mavenResolver, topLevelPoms } from './resolver'
