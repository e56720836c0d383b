// gradle.lockfile extractor (DESIGN §4 extractors): registry key `gradle-lockfile`.
export { GRADLE_SCOPE_RANK, scopeOfGradleConfiguration, scopeOfGradleConfigurations } from './configurations'
export { extractGradleLockfile, gradleLockfileKind } from './extract'
export { gradleLockfileExtractor } from './extractor'
