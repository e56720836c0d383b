// Public API of project extraction (issue 3): scanning paths into sub-projects, extracting and
// merging them into one graph, resolving builds through the registered resolvers, and the paths
// from the root that bring a component in.
export type { ExtractProjectOptions, ProjectExtraction } from './extract'
export { extractProject } from './extract'
export { mergeGraphs } from './merge'
export { projectNameOf } from './name'
export { directIntroducers, MAX_REPORT_PATH_STEPS, type PathBudget, pathBudget, pathsFromRoot } from './paths'
export { isProjectFile } from './read-files'
export {
  buildsToResolve,
  mayNeedResolution,
  type ProjectResolution,
  type ResolveProjectDeps,
  resolveProject,
  unpinnedManifests,
} from './resolve'
export type { ScanOptions, ScanResult } from './scan'
export { normalisePath, scanPaths } from './scan'
