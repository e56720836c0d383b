// `sextant enrichment import <epss|kev|cwe> <path|url>` as a user runs it (issue 9 "Enrichment"): counts
// printed, exit 0; a second import changes nothing; a bad line is a warning; a missing file exits 1.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../../bin/sextant.js', import.meta.url))
const corpusDir =
  process.env.SEXTANT_CORPUS_DIR ?? resolve(fileURLToPath(import.meta.url), '../../../../../../shared/corpus')
const kevFile = join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json')

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, out: stdout, err: stderr })
      },
    )
  })
}

describe('sextant enrichment import (embedded)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sx-enrcli-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('imports the KEV catalogue, then finds nothing new in it', async () => {
    const first = await run(['enrichment', 'import', 'kev', kevFile], { SEXTANT_DATA_DIR: dataDir })
    expect(first.err).toBe('')
    expect(first.code).toBe(0)
    expect(first.out).toContain(
      '1404 KEV rows read: 1404 inserted, 0 updated, 0 unchanged, 0 skipped, 0 removed',
    )
    const again = await run(['enrichment', 'import', 'kev', kevFile], { SEXTANT_DATA_DIR: dataDir })
    expect(again.out).toContain('1404 unchanged')
  }, 120_000)

  it('exits 1 with the reason for a missing file and 2 for an unknown kind', async () => {
    const missing = await run(['enrichment', 'import', 'epss', join(dataDir, 'nope.csv')], {
      SEXTANT_DATA_DIR: dataDir,
    })
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('nope.csv does not exist or cannot be read.')
    const bad = await run(['enrichment', 'import', 'nvd', kevFile], { SEXTANT_DATA_DIR: dataDir })
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('Usage: sextant enrichment import <epss|kev|cwe> <path|url>')
  }, 120_000)
})
