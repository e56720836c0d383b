// `sextant advisories import <path|url>` as a user runs it (issue 9): counts printed, exit 0; a second
// import changes nothing; a missing source exits 1 with the reason; a data folder in use is refused.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSextant } from '../testing/process'

const bin = fileURLToPath(new URL('../../bin/sextant.js', import.meta.url))
// The shared corpus beside the repository (engine/src/testing/corpus.ts says the same; no deep import).
const corpusDir =
  process.env.SEXTANT_CORPUS_DIR ?? resolve(fileURLToPath(import.meta.url), '../../../../../../shared/corpus')
const npmFile = join(corpusDir, 'osv', 'npm.jsonl.gz')

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

describe('sextant advisories import (embedded)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sx-advcli-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('imports a JSONL.gz file, then finds nothing new in it', async () => {
    const first = await run(['advisories', 'import', npmFile], { SEXTANT_DATA_DIR: dataDir })
    expect(first.err).toBe('')
    expect(first.code).toBe(0)
    expect(first.out).toMatch(/451 records read: 451 inserted, 0 updated, 0 unchanged, 0 skipped \(npm \d+/)
    const second = await run(['advisories', 'import', npmFile], { SEXTANT_DATA_DIR: dataDir })
    expect(second.code).toBe(0)
    expect(second.out).toContain('451 records read: 0 inserted, 0 updated, 451 unchanged, 0 skipped')
  }, 120_000)

  it('exits 1 with the reason when the source cannot be read, 2 on bad usage', async () => {
    const missing = await run(['advisories', 'import', join(dataDir, 'nope.zip')], {
      SEXTANT_DATA_DIR: dataDir,
    })
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/Import failed: .*nope\.zip does not exist/)
    const ssrf = await run(['advisories', 'import', 'http://127.0.0.1:9/all.zip'], {
      SEXTANT_DATA_DIR: dataDir,
    })
    expect(ssrf.code).toBe(1)
    expect(ssrf.err).toMatch(/non-public address/)
    expect((await run(['advisories', 'fetch'], { SEXTANT_DATA_DIR: dataDir })).code).toBe(2)
  }, 120_000)

  it('refuses a data folder that a running server holds', async () => {
    const server = await spawnSextant(['serve'], {
      SEXTANT_DATA_DIR: dataDir,
      SEXTANT_ADVISORY_SOURCES: 'none',
    })
    try {
      const busy = await run(['advisories', 'import', npmFile], { SEXTANT_DATA_DIR: dataDir })
      expect(busy.code).toBe(1)
      expect(busy.err).toMatch(/is in use by another Sextant process/)
      const stats = await (await fetch(`${server.url}/api/v1/stats/advisories-dbs`)).json()
      expect(stats).toMatchObject({
        total: 451,
        databases: [{ id: 'import-npm', status: 'OK', lastError: null }],
      })
    } finally {
      await server.stop()
    }
  }, 120_000)
})
