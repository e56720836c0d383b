// npm resolver (issue 3 "package.json without a lockfile"; DESIGN §1 "Resolve"): npm's ideal tree over
// packuments the caller supplies, producing the engine's DependencyGraph.
export { DEFAULT_IDEAL_TREE_LIMITS, type IdealTreeLimits, type PackumentSource } from './ideal-tree'
export { classifySpec, type NpmSpec, type PickOptions, pickVersion } from './pick'
export { type ResolveNpmManifestInput, type ResolveNpmManifestResult, resolveNpmManifest } from './resolve'
export { MANIFEST_ONLY_WARNING, manifestResolvedNote, npmResolver } from './resolver'
