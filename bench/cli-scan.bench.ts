// `sextant scan --offline` on the largest corpus npm lockfile (dependency-track-frontend, package-lock.json
// v2, 1,748 entries) beside `cyclonedx-npm --package-lock-only` on the same folder, in the same run
// (issue 15 acceptance 6; DESIGN §8 "beside ours, a peer tool"). Both are whole processes, timed from
// spawn to exit: ours reads the files, the corpus npm advisories (451 records) and writes a CycloneDX SBOM.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runCyclonedxNpm } from '../packages/engine/src/project/peer-cyclonedx-npm'
import { corpusDir } from '../packages/engine/src/testing/corpus'
import { type BenchSection, median, ms } from './table'

const bin = resolve(import.meta.dirname, '../packages/cli/bin/sextant.js')
const project = join(corpusDir, 'projects/dependency-track-frontend')

function timed(args: string[]): Promise<{ ms: number; code: number; out: string }> {
  const start = performance.now()
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
        done({ ms: performance.now() - start, code, out: stdout + stderr })
      },
    )
  })
}

export async function cliScanBench(): Promise<BenchSection> {
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-cli-'))
  try {
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(project, f), join(dir, f))
    const args = [
      'scan',
      dir,
      '--offline',
      '--advisories',
      join(corpusDir, 'osv/npm.jsonl.gz'),
      '--branch',
      'main',
      '--report-cdx',
      join(dir, 'sextant.cdx.json'),
    ]
    // One warm-up (tsx's transform cache), then the median of three.
    await timed(args)
    const runs = [await timed(args), await timed(args), await timed(args)]
    const bad = runs.find((r) => r.code < 0 || r.code > 7)
    if (bad) throw new Error(`sextant scan --offline failed (${bad.code}):\n${bad.out}`)
    let peer: string
    try {
      const peerRuns = [
        await runCyclonedxNpm([
          { name: 'package.json', from: join(dir, 'package.json') },
          { name: 'package-lock.json', from: join(dir, 'package-lock.json') },
        ]),
        await runCyclonedxNpm([
          { name: 'package.json', from: join(dir, 'package.json') },
          { name: 'package-lock.json', from: join(dir, 'package-lock.json') },
        ]),
      ]
      peer = `cyclonedx-npm --package-lock-only: ${ms(median(peerRuns.map((r) => r.ms)))} (median of 2, own process; SBOM only, no advisories)`
    } catch (error) {
      peer = `cyclonedx-npm did not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
    }
    return {
      title: 'The sextant scanner offline (issue 15)',
      command: 'npm run bench -- cliScan',
      rows: [
        {
          what: 'sextant scan --offline: dependency-track-frontend package-lock.json v2 (1,748 entries), 451 npm advisories, CycloneDX out',
          budget: '—',
          measured: `${ms(median(runs.map((r) => r.ms)))} (median of 3, whole process)`,
          ok: null,
          peer,
        },
      ],
      notes: [
        'Whole processes on the same folder, one after the other: Node start, the tsx loader (sextant runs from its TypeScript sources), reading, extraction, advisory matching, report, SBOM written.',
      ],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
