// @sextant/engine: pure analysis library (DESIGN §1): files in, dependency graph + findings + scores out.
// No HTTP server, no SQL, no clock or network of its own: those arrive as arguments.

export * from './advisories'
export * from './datasources/maven-repository'
export * from './datasources/npm'
export * from './enrichment'
export * from './exclusions'
export * from './exports'
export * from './extractors'
export * from './licences'
export * from './model'
export * from './project'
export * from './report'
export * from './resolvers/maven'
export * from './scoring'
export * from './stability'
export * from './versioning'
export * from './versioning/maven'
