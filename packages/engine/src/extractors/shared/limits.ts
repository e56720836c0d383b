// Input limits every extractor enforces (DESIGN §7 "limits on ... XML entity expansion, YAML aliases,
// and JSON depth"). Content past a limit becomes a FileError naming the file, never a crash or hang.

/** Largest file an extractor reads (characters of the decoded text; ~bytes for ASCII lockfiles). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_FILE_LABEL = '50 MB'

/** Deepest JSON/XML nesting accepted; real lockfiles and SBOMs stay far below (≈ 10-30). */
export const MAX_NESTING_DEPTH = 512

/** YAML aliases accepted in one document (pnpm lockfiles use none; guards against alias bombs). */
export const MAX_YAML_ALIASES = 100
