// `sextant advisories import <path|url>` as a user runs it (issue 9): counts printed, exit 0; a second
// import changes nothing; a missing source exits 1 with the reason; while a server holds the data folder
// the import goes through it and older reports are recomputed (issue 14).
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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

  it('imports through a running server, which recomputes older reports (issue 14 acceptance 3)', async () => {
    // its own data folder: a report built while the store is empty, then one import
    const liveDir = mkdtempSync(join(tmpdir(), 'sx-advlive-'))
    const server = await spawnSextant(['serve'], {
      SEXTANT_DATA_DIR: liveDir,
      SEXTANT_ADVISORY_SOURCES: 'none',
    })
    try {
      const form = new FormData()
      const lock = {
        name: 'uses-ms',
        version: '1.0.0',
        lockfileVersion: 3,
        packages: {
          '': { name: 'uses-ms', dependencies: { ms: '2.1.3' } },
          'node_modules/ms': { version: '2.1.3' },
        },
      }
      form.append('file', new Blob([JSON.stringify(lock)]), 'package-lock.json')
      const up = await fetch(`${server.url}/api/v1/uploads/new/manifests?branch=main`, {
        method: 'POST',
        body: form,
      })
      const { projectUuid } = (await up.json()) as { projectUuid: string }
      const report = async () => {
        const res = await fetch(`${server.url}/api/v1/reports/${projectUuid}/full?branch=main`)
        return res.status === 200
          ? ((await res.json()) as {
              uuid: string
              security: {
                assessment: { state: string }
                assessments: { reports: { advices: { id: string }[] }[] }[]
              }
            })
          : null
      }
      let first = await report()
      for (let i = 0; !first && i < 200; i++) {
        await new Promise((r) => setTimeout(r, 100))
        first = await report()
      }
      expect(first?.security.assessment.state).toBe('none')

      const osv = join(liveDir, 'ms.jsonl')
      const advisory = {
        id: 'GHSA-cli0-ms00-0001',
        modified: '2024-05-01T00:00:00Z',
        affected: [
          {
            package: { ecosystem: 'npm', name: 'ms' },
            ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
          },
        ],
      }
      writeFileSync(osv, `${JSON.stringify(advisory)}\n`)
      const imported = await run(['advisories', 'import', osv], { SEXTANT_DATA_DIR: liveDir })
      expect(imported.err).toBe('')
      expect(imported.code).toBe(0)
      expect(imported.out).toContain(`Sextant is running at ${server.url} with this data folder`)
      expect(imported.out).toContain('1 records read: 1 inserted')
      expect(imported.out).toContain('Reports built before are being recomputed')

      // no new upload: the server recomputes the stored graph into a report with the finding
      let after = await report()
      for (let i = 0; after?.uuid === first?.uuid && i < 300; i++) {
        await new Promise((r) => setTimeout(r, 100))
        after = await report()
      }
      // the enrichment import of the README goes through the running server the same way
      const kev = await run(
        [
          'enrichment',
          'import',
          'kev',
          join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json'),
        ],
        { SEXTANT_DATA_DIR: liveDir },
      )
      expect(kev.code).toBe(0)
      expect(kev.out).toContain('importing')
      expect(kev.out).toMatch(/1404 KEV rows read: 1404 inserted/)
      expect(after?.security.assessment.state).toBe('complete')
      expect(
        after?.security.assessments
          .flatMap((a) => a.reports)
          .flatMap((r) => r.advices)
          .map((a) => a.id),
      ).toEqual(['GHSA-cli0-ms00-0001'])
    } finally {
      await server.stop()
      rmSync(liveDir, { recursive: true, force: true })
    }
  }, 120_000)
})
