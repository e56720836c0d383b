// Issue 15 acceptance 4: the delta gate. A clean main (tweetnacl 0.14.3 of the NodeGoat slice: no
// advisory), then a branch that adds underscore 1.9.1 (one advisory): `--fail-on new` fails listing
// exactly that finding as new; the same branch with it removed passes with no new finding.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSextant, type ScanServer, scanEnv, startScanServer } from './kit'

const slice = join(import.meta.dirname, 'fixtures/nodegoat-slice')
const lock = JSON.parse(readFileSync(join(slice, 'package-lock.json'), 'utf8'))

/** A project folder with these packages of the slice (their lockfile entries unchanged). */
function projectWith(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-delta-'))
  const packages: Record<string, unknown> = {
    '': { ...lock.packages[''], dependencies: {} as Record<string, string> },
  }
  const deps = (packages[''] as { dependencies: Record<string, string> }).dependencies
  for (const n of names) {
    packages[`node_modules/${n}`] = lock.packages[`node_modules/${n}`]
    deps[n] = lock.packages[''].dependencies[n]
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ ...lock, packages }, null, 2))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: lock.name, version: lock.version, dependencies: deps }, null, 2),
  )
  return dir
}

describe.each(['embedded'] as const)('the delta gate on %s storage', (mode) => {
  let s: ScanServer
  beforeAll(async () => {
    s = await startScanServer(mode)
  }, 120_000)
  afterAll(async () => s?.close())

  const scan = (dir: string, branch: string) =>
    runSextant(
      [
        'scan',
        dir,
        '--url',
        'https://git.example.org/acme/delta.git',
        '--branch',
        branch,
        '--fail-on',
        'new',
        '--allow-unassessed',
      ],
      scanEnv(s.t.url),
    )

  it('fails a branch on exactly the one new finding, and passes once it is removed', async () => {
    const main = await scan(projectWith(['tweetnacl']), 'main')
    expect(main.code, main.err + main.out).toBe(0)
    expect(main.out).toContain('New findings: 0')

    const added = await scan(projectWith(['tweetnacl', 'underscore']), 'feature')
    expect(added.code, added.err + added.out).toBe(1)
    expect(added.out).toMatch(/Compared with the latest report of 'main'/)
    const newSection = added.out.slice(
      added.out.indexOf('New findings:'),
      added.out.indexOf('Fixed findings:'),
    )
    expect(newSection).toMatch(/^New findings: 1\n {2}\S+ +underscore 1\.9\.1: .+\(GHSA-[a-z0-9-]+\)\n$/)
    expect(added.out).toContain('Fixed findings: 0')
    expect(added.out).toContain('Build unsuccessful! 1 new finding(s)')

    const removed = await scan(projectWith(['tweetnacl']), 'feature')
    expect(removed.code, removed.err + removed.out).toBe(0)
    expect(removed.out).toContain('New findings: 0')
    expect(removed.out).toContain('Build successful! No new findings.')
  }, 180_000)
})
