// Public API of the resolvers (DESIGN §1 "Resolve"; issue 18 registry): the registry and its
// interface; each resolver's own exports stay in its folder's index.
export { resolvers, resolversFor } from './api'
export type { ResolvedBuilds, Resolver, ResolverDeps, ResolverProject } from './types'
