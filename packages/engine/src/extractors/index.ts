// Public API of the extractors (DESIGN §4): the registry, the path helpers and the input limits.
// Each extractor is reached through the registry; its folder stays private.
export { extractorById, extractors, extractorsFor } from './api'
export {
  MAX_FILE_BYTES,
  MAX_FILE_LABEL,
  MAX_GRAPH_COMPONENTS,
  MAX_GRAPH_EDGES,
  MAX_NESTING_DEPTH,
} from './shared/limits'
export type { ExtractContext, Extractor, ExtractResult, FileError, SourceFile } from './types'
