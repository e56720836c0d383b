// Input limits every extractor enforces (DESIGN §7 "limits on ... XML entity expansion, YAML aliases,
// and JSON depth"; issue 13 item 1). Content past a limit becomes a FileError naming the file and the
// limit, never a crash or hang. YAML anchors and aliases are refused outright (shared/yaml.ts).

/** Largest file an extractor reads (characters of the decoded text; ~bytes for ASCII lockfiles). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_FILE_LABEL = '50 MB'

/** Deepest JSON/XML nesting accepted; real lockfiles and SBOMs stay far below (≈ 10-30). */
export const MAX_NESTING_DEPTH = 512

/**
 * Largest dependency graph one file (and one project, all files merged) may produce. The largest real
 * lockfile in the corpus has 3,136 components and 7,469 edges (≈ 2.4 edges per component); these leave
 * 15x and 65x headroom while keeping a graph, its JSON and the report built from it within memory.
 */
export const MAX_GRAPH_COMPONENTS = 50_000
export const MAX_GRAPH_EDGES = 500_000

/** The FileError message for a graph past a limit (one wording for the builder, the wrapper and the merge). */
export function graphLimitMessage(what: 'components' | 'edges', limit: number, scope = 'file'): string {
  const noun = what === 'components' ? 'components' : 'dependency edges'
  return `the dependency graph is too large: more than ${limit.toLocaleString('en')} ${noun} in this ${scope} (limit ${limit.toLocaleString('en')}); nothing was read from it`
}
