// The extractor interface (DESIGN §4 extractors, STYLE rule 2): one file format per folder,
// "is this my file?" and "extract"; never touches the file system, never throws on bad content.
import type { DependencyGraph, FilePluginInfo, Warning } from '../model'

export interface SourceFile {
  /** Path relative to the project root, `/`-separated. */
  path: string
  content: string
}

export interface ExtractContext {
  /** Another file of the same upload/checkout by root-relative path; `null` when absent. */
  readFile(path: string): string | null
  /**
   * Every root-relative path of the upload/checkout, where known: lets an extractor find workspace
   * members by glob (yarn classic lists none in its lockfile). Optional; absent means "unknown".
   */
  paths?(): readonly string[]
}

/** A file that could not be read at all: named with file, line where known, and the problem. */
export interface FileError {
  file: string
  line?: number
  message: string
}

export type ExtractResult =
  | { ok: true; graph: DependencyGraph; warnings: Warning[] }
  | { ok: false; error: FileError; warnings: Warning[] }

/** Reads one file alone, synchronously, with no datasource: a lockfile, an SBOM or a build script. */
export interface Extractor extends FilePluginInfo {
  extract(file: SourceFile, ctx: ExtractContext): ExtractResult
  /**
   * Why this file is not read when `siblings` (every path of its folder) hold a file that takes
   * precedence over it; `null` to read it. npm reads npm-shrinkwrap.json, not package-lock.json.
   */
  ignoredBeside?(path: string, siblings: readonly string[]): string | null
}
