// The explicit datasource registry (STYLE rule 2; issue 18 "one datasource registry"): folder name
// = id = key here. Extractors and resolvers name these ids in `datasources`; the server binds each
// to the registries configured for it and serves them all through its one cache.
import { mavenRepositoryDatasource } from './maven-repository/datasource'
import { npmDatasource } from './npm/datasource'
import type { Datasource } from './types'

export const datasources: readonly Datasource[] = [npmDatasource, mavenRepositoryDatasource]

export function datasourceById(id: string): Datasource | null {
  return datasources.find((d) => d.id === id) ?? null
}

/** The registered datasource answering packages of an ecosystem; `null` when none does. */
export function datasourceFor(ecosystem: string): Datasource | null {
  return datasources.find((d) => d.ecosystem === ecosystem) ?? null
}
