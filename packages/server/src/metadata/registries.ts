// The registries an operator configured for each registered datasource, by datasource id (Config:
// SEXTANT_NPM_REGISTRY, SEXTANT_MAVEN_REPOSITORIES). A datasource absent here reads its defaults.
import type { Config } from '../config'

export function configuredRegistries(
  config: Pick<Config, 'npmRegistry' | 'mavenRepositories'>,
): Record<string, readonly string[]> {
  return { npm: [config.npmRegistry], 'maven-repository': config.mavenRepositories }
}
