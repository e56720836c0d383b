// Registry metadata for analyses (DESIGN §2, §4 datasources; issue 5 "Datasources"): the facade over
// the npm registry and Maven repositories with its database cache. Import from here only.
export type { MetadataKey, PackageMetadata } from './document'
export type { HttpOptions } from './http'
export {
  createMetadataSource,
  type MetadataBatch,
  type MetadataConfig,
  type MetadataProblem,
  type MetadataProblemKind,
  type MetadataSource,
  type MetadataSourceOptions,
} from './source'
