// @sextant/engine: pure analysis library (DESIGN §1): files in, dependency graph + findings + scores out.
// No HTTP server, no SQL, no clock or network of its own: those arrive as arguments.

export type * from './extractors/types'
export * from './model'
export * from './report'
export type * from './versioning/types'
export * from './extractors'
export * from './project'
export * from './advisories'
export * from './versioning'
export * from './licences'
export * from './scoring'
export * from './stability'
export * from './datasources/npm'
export * from './resolvers/maven'
export * from './datasources/maven-repository'
export * from './versioning/maven'
