// Issue 13 item 1: YAML alias amplification. The attacks as filed (a 212 KB pnpm-lock.yaml whose snapshots
// each say `dependencies: *d`, hidden from the old text pre-scan by a `'#'` before the alias; 100 aliases of
// a 40,000-entry map) are refused by the parser itself, quickly, naming the file and the anchor's line.
import { describe, expect, it } from 'vitest'
import { pnpmLockExtractor } from '../pnpm-lock/extractor'
import { yarnLockExtractor } from '../yarn-lock/extractor'
import { contextOf } from './test-support'
import { parseYaml } from './yaml'

/** A pnpm 9 lockfile: `n` packages; the first snapshot anchors a map of all of them, the rest alias it. */
function pnpmAliasBomb(n: number, aliases: number, hide: boolean): string {
  const names = Array.from({ length: n }, (_, i) => `p${i}`)
  const lines = ["lockfileVersion: '9.0'", 'importers:', '  .:', '    dependencies:']
  lines.push(`      p0: {specifier: 1.0.0, version: 1.0.0}`)
  lines.push('packages:')
  for (const name of names) lines.push(`  ${name}@1.0.0: {resolution: {integrity: sha512-x}}`)
  lines.push('snapshots:', '  p0@1.0.0:', '    dependencies: &d')
  for (const name of names) lines.push(`      ${name}: 1.0.0`)
  for (let i = 1; i <= Math.min(aliases, n - 1); i++) {
    const name = names[i]
    lines.push(hide ? `  ${name}@1.0.0: {x: '#', dependencies: *d}` : `  ${name}@1.0.0: {dependencies: *d}`)
  }
  return `${lines.join('\n')}\n`
}

const anchorLine = (text: string) => text.split('\n').findIndex((l) => l.includes('&d')) + 1

describe('YAML anchors and aliases (issue 13 item 1)', () => {
  it('refuses the filed pnpm attack: 1,999 snapshots aliasing a 2,000-entry map, hidden behind a quoted #', () => {
    const text = pnpmAliasBomb(2_000, 1_999, true)
    expect(text.length).toBeGreaterThan(150_000)
    const started = performance.now()
    const result = pnpmLockExtractor.extract({ path: 'pnpm-lock.yaml', content: text }, contextOf())
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(result).toMatchObject({
      ok: false,
      error: {
        file: 'pnpm-lock.yaml',
        line: anchorLine(text),
        message: expect.stringContaining('YAML anchors and aliases are not accepted in lockfiles (found &d)'),
      },
    })
  })

  it('refuses 100 aliases of a 40,000-entry map (2.9 MB), which stayed under the old alias count', () => {
    const text = pnpmAliasBomb(40_000, 100, false)
    expect(text.length).toBeGreaterThan(2_800_000)
    const started = performance.now()
    const result = pnpmLockExtractor.extract({ path: 'pnpm-lock.yaml', content: text }, contextOf())
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(result).toMatchObject({ ok: false, error: { line: anchorLine(text) } })
  }, 30_000)

  it('refuses the same attack in a yarn berry lockfile (99 aliases of a 5,000-entry map)', () => {
    const n = 5_000
    const map = Array.from({ length: n }, (_, j) => `    p${j}: "npm:1.0.0"`).join('\n')
    const entries = Array.from({ length: n }, (_, i) => {
      const deps = i === 0 ? ` &d\n${map}` : i < 100 ? ' *d' : ' {}'
      return `"p${i}@npm:1.0.0":\n  version: 1.0.0\n  resolution: "p${i}@npm:1.0.0"\n  dependencies:${deps}`
    })
    const text = `__metadata:\n  version: 8\n  cacheKey: 10\n\n${entries.join('\n\n')}\n`
    const started = performance.now()
    const result = yarnLockExtractor.extract({ path: 'yarn.lock', content: text }, contextOf())
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(result).toMatchObject({
      ok: false,
      error: { file: 'yarn.lock', line: 8, message: expect.stringContaining('found &d') },
    })
  })

  it('refuses an alias with no anchor, an anchored key and an anchor in flow style, naming the line', () => {
    expect(parseYaml('a: 1\nb: *nothing\n', 'f.yaml')).toMatchObject({
      ok: false,
      error: { line: 2, message: expect.stringContaining('YAML aliases are not accepted') },
    })
    expect(parseYaml('a: 1\n&k b: 2\n', 'f.yaml')).toMatchObject({ ok: false, error: { line: 2 } })
    expect(parseYaml('a: [x, &s {y: 1}]\n', 'f.yaml')).toMatchObject({ ok: false, error: { line: 1 } })
  })

  it('still reads `&` and `*` inside scalars, quotes and comments', () => {
    const text = 'a: \'x &y *z\'\nb: "&d" # *d &e\nc: x&y*z\n'
    expect(parseYaml(text, 'f.yaml')).toEqual({ ok: true, value: { a: 'x &y *z', b: '&d', c: 'x&y*z' } })
  })
})
