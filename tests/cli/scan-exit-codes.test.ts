// Issue 15 acceptance 1: the real `sextant scan` against a real server on corpus projects: the printed
// verdict, the report URL and the exit code for every combination of failed domains (0-7, on a slice of
// NodeGoat whose three scores are all below 100, with --min-* for this build), NodeGoat whole against
// the account's thresholds, and each error (wrong token, unreachable server, unsupported folder,
// unreadable files, bad usage, build already running, time-out, analysis failure), with and without
// --fail-gracefully.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../packages/server/src/testing/databases'
import { corpusProject, nodegoatSlice, runSextant, type ScanServer, scanEnv, startScanServer } from './kit'

const domains = ['security', 'stability', 'licensing'] as const

/** --min-* that fail exactly the domains of `code` (every score of the project is below 100). */
function minimaFor(code: number): string[] {
  return domains.flatMap((d, i) => [`--min-${d}`, code & (1 << i) ? '100' : '0'])
}

describe.each(storageModes())('sextant scan exit codes on %s storage', (mode) => {
  let s: ScanServer
  let project: string
  beforeAll(async () => {
    s = await startScanServer(mode)
    project = nodegoatSlice()
  }, 120_000)
  afterAll(async () => s?.close())

  const scan = (code: number, extra: string[] = []) =>
    runSextant(
      [
        'scan',
        project,
        '--url',
        'https://git.example.org/owasp/nodegoat.git',
        '--branch',
        `combo-${code}${extra.length ? '-g' : ''}`,
        ...minimaFor(code),
        ...extra,
      ],
      scanEnv(s.t.url),
    )

  it('exits with the bitmask of failed domains, 0 to 7, printing each check, the report URL and the verdict', async () => {
    for (const graceful of [false, true]) {
      // Two builds at a time, on branches of their own (a branch takes one running build at a time).
      for (const pair of [
        [0, 1],
        [2, 3],
        [4, 5],
        [6, 7],
      ]) {
        const runs = await Promise.all(pair.map((c) => scan(c, graceful ? ['--fail-gracefully'] : [])))
        for (const [i, run] of runs.entries()) {
          const code = pair[i]!
          expect(run.code, `${code}${graceful ? ' --fail-gracefully' : ''}: ${run.err}\n${run.out}`).toBe(
            code,
          )
          const failed = domains.filter((_, bit) => code & (1 << bit))
          for (const d of domains) {
            const label = d[0]!.toUpperCase() + d.slice(1)
            expect(run.out).toMatch(
              new RegExp(
                `${label}:\\s+\\d+(\\.\\d)?\\s+\\(minimum ${failed.includes(d) ? 100 : 0}\\)\\s+${failed.includes(d) ? 'FAILED' : 'PASSED'}`,
              ),
            )
          }
          expect(run.out).toMatch(
            new RegExp(`Report: ${s.t.url}/projects/\\?pid=[0-9a-f-]{36}&branch=combo-${code}`),
          )
          expect(run.out).toContain(
            failed.length === 0
              ? 'Build successful!'
              : `Build unsuccessful! Failed checks: [${failed.join(', ')}]`,
          )
        }
      }
    }
  }, 600_000)

  it('NodeGoat whole fails all three checks against the account thresholds (90/80/95): exit 7', async () => {
    const run = await runSextant(
      [
        'scan',
        corpusProject('nodegoat'),
        '--url',
        'https://git.example.org/owasp/nodegoat.git',
        '--branch',
        'whole',
      ],
      scanEnv(s.t.url),
    )
    expect(run.code, run.err).toBe(7)
    expect(run.out).toMatch(/Security:\s+\d+\s+\(minimum 90\)\s+FAILED/)
    expect(run.out).toMatch(/Stability:\s+\d+\s+\(minimum 80\)\s+FAILED/)
    expect(run.out).toMatch(/Licensing:\s+\d+\s+\(minimum 95\)\s+FAILED/)
    expect(run.out).toContain('Build unsuccessful! Failed checks: [security, stability, licensing]')
  }, 120_000)

  it('a wrong token exits -1 (255), or 0 with --fail-gracefully', async () => {
    const args = ['scan', project, '--url', 'https://git.example.org/owasp/nodegoat.git', '--branch', 'auth']
    const env = scanEnv(s.t.url, '00000000-0000-4000-8000-000000000000')
    const run = await runSextant(args, env)
    expect(run.status).toBe(255)
    expect(run.err).toMatch(/Error \(-1, no authorisation\): The server at .* did not accept the token/)
    const graceful = await runSextant([...args, '--fail-gracefully'], env)
    expect(graceful.status).toBe(0)
    expect(graceful.err).toContain('Error (-1, no authorisation)')
  })

  it('an unreachable server exits -9 (247), or 0 with --fail-gracefully', async () => {
    const args = ['scan', project, '--url', 'https://git.example.org/x.git', '--branch', 'b']
    // Port 9 (discard) on loopback: nothing listens there in a test.
    const env = scanEnv('http://127.0.0.1:9')
    const run = await runSextant(args, env)
    expect(run.status).toBe(247)
    expect(run.err).toMatch(
      /Error \(-9, server unreachable\): Could not reach the Sextant server at http:\/\/127\.0\.0\.1:9/,
    )
    expect((await runSextant([...args, '--fail-gracefully'], env)).status).toBe(0)
  })

  it('a folder without a supported file exits -3 (253), or 0 with --fail-gracefully', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sx-empty-'))
    writeFileSync(join(empty, 'README.md'), '# nothing to scan\n')
    const args = ['scan', empty, '--url', 'https://git.example.org/x.git', '--branch', 'b']
    const run = await runSextant(args, scanEnv(s.t.url))
    expect(run.status).toBe(253)
    expect(run.err).toMatch(
      /Error \(-3, unsupported project\): No supported manifest, lockfile or SBOM under/,
    )
    expect((await runSextant([...args, '--fail-gracefully'], scanEnv(s.t.url))).status).toBe(0)
  })

  it("files the server cannot read exit -3 (253) with the server's reason naming the file", async () => {
    const broken = mkdtempSync(join(tmpdir(), 'sx-broken-'))
    writeFileSync(join(broken, 'package-lock.json'), '{ "lockfileVersion": 3, "packages": ')
    const args = ['scan', broken, '--url', 'https://git.example.org/broken.git', '--branch', 'b']
    const run = await runSextant(args, scanEnv(s.t.url))
    expect(run.status, run.err).toBe(253)
    expect(run.err).toMatch(/Error \(-3, unsupported project\): package-lock\.json/)
    expect((await runSextant([...args, '--fail-gracefully'], scanEnv(s.t.url))).status).toBe(0)
  })

  it('bad usage exits -2 (254), or 0 with --fail-gracefully', async () => {
    const run = await runSextant(['scan', project, '--min-security', 'high'], scanEnv(s.t.url))
    expect(run.status).toBe(254)
    expect(run.err).toContain('--min-security must be a number from 0 to 100')
    expect(
      (await runSextant(['scan', project, '--min-security', 'high', '--fail-gracefully'], scanEnv(s.t.url)))
        .status,
    ).toBe(0)
  })
})

describe.each(storageModes())('sextant scan while no worker runs, on %s storage', (mode) => {
  let s: ScanServer
  let project: string
  beforeAll(async () => {
    s = await startScanServer(mode, { workers: false })
    project = corpusProject('realworld-express-api')
  }, 120_000)
  afterAll(async () => s?.close())

  const args = (branch: string, extra: string[] = []) => [
    'scan',
    project,
    '--url',
    'https://git.example.org/realworld.git',
    '--branch',
    branch,
    '--timeout',
    '3',
    ...extra,
  ]

  it('a build still queued makes a second one exit -5 (251); the first times out with -8 (248)', async () => {
    const first = runSextant(args('queued'), scanEnv(s.t.url))
    // The first build is started (its analysis queued, never run) before the second asks.
    for (let i = 0; i < 300; i++) {
      const { rows } = await s.t.sextant.db.query(
        "SELECT 1 FROM builds b JOIN analyses a ON a.uuid = b.analysis_uuid WHERE b.branch = 'queued'",
      )
      if (rows.length > 0) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const second = await runSextant(args('queued'), scanEnv(s.t.url))
    expect(second.status, second.err).toBe(251)
    expect(second.err).toMatch(
      /Error \(-5, build already running\): A build of this project's branch 'queued' is already queued or running/,
    )
    expect((await runSextant(args('queued', ['--fail-gracefully']), scanEnv(s.t.url))).status).toBe(0)
    const timedOut = await first
    expect(timedOut.status, timedOut.err).toBe(248)
    expect(timedOut.err).toMatch(/Error \(-8, timed out\): The analysis did not finish within 3 s/)
  }, 60_000)

  it('an analysis that fails on the server exits -6 (250), or 0 with --fail-gracefully', async () => {
    for (const [branch, extra, status] of [
      ['failing', [], 250],
      ['failing-g', ['--fail-gracefully'], 0],
    ] as const) {
      const run = runSextant(args(branch, ['--timeout', '60', ...extra]), scanEnv(s.t.url))
      // What a worker leaves behind when the analysis throws (jobs/analyse.job.ts): FAILED with its reason.
      let failed = 0
      for (let i = 0; i < 100 && failed === 0; i++) {
        await new Promise((r) => setTimeout(r, 200))
        const r = await s.t.sextant.db.query(
          `UPDATE analyses SET status = 'FAILED', error = 'The analysis failed: registry answer unreadable'
           WHERE branch = $1 AND status = 'QUEUED'`,
          [branch],
        )
        failed = r.rowCount ?? 0
      }
      expect(failed).toBe(1)
      const done = await run
      expect(done.status, done.err).toBe(status)
      expect(done.err).toContain(
        'Error (-6, analysis failed): The analysis failed on the server: The analysis failed: registry answer unreadable',
      )
    }
  }, 60_000)
})
