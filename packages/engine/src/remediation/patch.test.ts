// remediationPatch and unifiedDiff (issue 19 "Downloadable as a patch"): the patch `git apply` takes, and
// the files it gives are exactly the plan's changes.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { remediationPatch } from './patch'
import type { LanePlan } from './plan'
import { unifiedDiff } from './unified-diff'

/** Applies the patch with `git apply` in a folder holding `files`; answers the files after. */
function applied(files: Record<string, string>, patch: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-patch-'))
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), content)
    }
    writeFileSync(join(dir, 'plan.patch'), patch)
    execFileSync('git', ['apply', '--whitespace=nowarn', 'plan.patch'], { cwd: dir })
    return Object.fromEntries(Object.keys(files).map((p) => [p, readFileSync(join(dir, p), 'utf8')]))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const lane = (over: Partial<LanePlan>): LanePlan => ({
  lane: 'minor',
  fixed: 0,
  upgrades: [],
  pins: [],
  remaining: [],
  lines: [],
  ...over,
})
const upgrade = (ecosystem: 'npm' | 'maven', name: string, from: string, to: string) => ({
  ecosystem,
  name,
  from,
  to,
  change: 'minor' as const,
  fixes: [],
  together: 0,
  packages: [],
})
const pin = (
  ecosystem: 'npm' | 'maven',
  name: string,
  to: string,
  via: 'lockfile' | 'overrides' | 'dependencyManagement',
) => ({
  ecosystem,
  name,
  from: '0',
  to,
  via,
  fixes: [],
})

describe('unifiedDiff', () => {
  const before = `${Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n')}\n`
  it.each([
    ['one changed line', (t: string) => t.replace('line 5\n', 'line five\n')],
    [
      'two far apart (two hunks)',
      (t: string) => t.replace('line 2\n', 'two\n').replace('line 28\n', 'x\ny\n'),
    ],
    [
      'lines removed and added at the ends',
      (t: string) => `first\n${t.replace('line 1\n', '').replace('line 30\n', 'last')}`,
    ],
  ])('%s: git apply gives the new text', (_label, change) => {
    const after = change(before)
    expect(applied({ 'f.txt': before }, unifiedDiff('f.txt', before, after))['f.txt']).toBe(after)
  })
  it('is empty for equal texts', () => expect(unifiedDiff('f', 'a\n', 'a\n')).toBe(''))
})

describe('remediationPatch', () => {
  const packageJson = `${JSON.stringify(
    {
      name: 'app',
      dependencies: { webpack: '^4.46.0', lodash: '4.17.20' },
      devDependencies: { mocha: '~8.0.0' },
    },
    null,
    2,
  )}\n`
  const pom = `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>g</groupId>
  <artifactId>a</artifactId>
  <version>1</version>
  <dependencies>
    <dependency>
      <groupId>org.x</groupId>
      <artifactId>lib</artifactId>
      <version>1.0</version>
    </dependency>
  </dependencies>
</project>
`
  it('writes npm upgrades (keeping ^ and ~), overrides and Maven changes; git apply gives exactly them', () => {
    const files = { 'package.json': packageJson, 'package-lock.json': '{}\n', 'svc/pom.xml': pom }
    const out = remediationPatch(
      lane({
        upgrades: [
          upgrade('npm', 'webpack', '4.46.0', '4.47.0'),
          upgrade('npm', 'mocha', '8.0.1', '8.4.0'),
          upgrade('maven', 'org.x:lib', '1.0', '1.2'),
        ],
        pins: [
          pin('npm', 'minimist', '1.2.6', 'overrides'),
          pin('npm', 'ms', '2.1.3', 'lockfile'),
          pin('maven', 'org.y:core', '3.1', 'dependencyManagement'),
        ],
      }),
      Object.entries(files).map(([path, content]) => ({ path, content })),
    )
    expect(out.files).toEqual(['package.json', 'svc/pom.xml'])
    expect(out.skipped).toEqual([
      { name: 'ms', why: 'a lockfile refresh, not a manifest change: npm update ms' },
    ])
    const after = applied(files, out.patch)
    expect(JSON.parse(after['package.json']!)).toEqual({
      name: 'app',
      dependencies: { webpack: '^4.47.0', lodash: '4.17.20' },
      devDependencies: { mocha: '~8.4.0' },
      overrides: { minimist: '1.2.6' },
    })
    expect(after['svc/pom.xml']).toContain('<artifactId>lib</artifactId>\n      <version>1.2</version>')
    expect(after['svc/pom.xml']).toMatch(
      /<dependencyManagement>\s*<dependencies>\s*<dependency>\s*<groupId>org\.y<\/groupId>\s*<artifactId>core<\/artifactId>\s*<version>3\.1<\/version>/,
    )
    expect(after['package-lock.json']).toBe('{}\n')
  })

  it('edits a compact package.json in place, and names a pin it cannot add without reformatting', () => {
    const compact =
      '{ "name": "a", "dependencies": { "ms": "2.1.3" }, "devDependencies": { "debug": "4.3.4" } }\n'
    const out = remediationPatch(
      lane({
        upgrades: [upgrade('npm', 'debug', '4.3.4', '4.3.7')],
        pins: [pin('npm', 'minimist', '1.2.6', 'overrides')],
      }),
      [{ path: 'package.json', content: compact }],
    )
    expect(out.skipped).toEqual([
      { name: 'minimist', why: 'package.json cannot be rewritten without reformatting it' },
    ])
    expect(applied({ 'package.json': compact }, out.patch)['package.json']).toBe(
      compact.replace('"debug": "4.3.4"', '"debug": "4.3.7"'),
    )
  })
})
