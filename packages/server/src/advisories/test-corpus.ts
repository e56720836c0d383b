// Tests only: where the shared corpus's OSV files are (../shared/corpus beside the repository, or
// SEXTANT_CORPUS_DIR), as engine/src/testing/corpus.ts says; not imported from there (no deep imports).
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..')

export const corpusDir = process.env.SEXTANT_CORPUS_DIR ?? resolve(repoRoot, '../shared/corpus')
