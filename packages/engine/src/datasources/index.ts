// Public API of the datasources (DESIGN §4 datasources; issue 18 registry): the registry and its
// interface; each datasource's own exports come from its folder's index.
export { datasourceById, datasourceFor, datasources } from './api'
export type {
  CachePolicy,
  Datasource,
  DatasourceClient,
  PackageDocument,
  PackageOutcome,
  PackageRequest,
  RegistryFetch,
  RegistryRequest,
  RegistryResponse,
} from './types'
