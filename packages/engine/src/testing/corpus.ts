// Where the shared real-world corpus lives (../shared/corpus beside the repository root, read-only).
// SEXTANT_CORPUS_DIR moves it; tests only, never imported by product code.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..')

export const corpusDir = process.env.SEXTANT_CORPUS_DIR ?? resolve(repoRoot, '../shared/corpus')

export function requireCorpus(): string {
  if (!existsSync(corpusDir)) {
    throw new Error(`The shared corpus is missing at ${corpusDir}; set SEXTANT_CORPUS_DIR to its folder.`)
  }
  return corpusDir
}
