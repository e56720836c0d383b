// The files a scan reads (issue 15): the engine scanner's rules (node_modules and hidden folders skipped,
// --include / --exclude globs), the .meterian file, and an unsupported folder as -3.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ScanError } from './errors'
import { collectFiles } from './files'
import { withoutCredentials } from './git'

function tree(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'sx-files-'))
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true })
    writeFileSync(join(root, f), f.endsWith('.json') || f === '.meterian' ? '{}' : 'x')
  }
  return root
}

describe('collectFiles', () => {
  const root = tree([
    'package.json',
    'package-lock.json',
    '.meterian',
    'README.md',
    'node_modules/x/package.json',
    '.hidden/package-lock.json',
    'web/package.json',
    'web/yarn.lock',
    'docs/examples/package-lock.json',
  ])

  it('reads the supported files and .meterian, skipping node_modules and hidden folders', async () => {
    const { files } = await collectFiles(root, { include: [], exclude: [] })
    expect(files.map((f) => f.path).sort()).toEqual([
      '.meterian',
      'docs/examples/package-lock.json',
      'package-lock.json',
      'package.json',
      'web/package.json',
      'web/yarn.lock',
    ])
  })

  it('honours --include and --exclude globs', async () => {
    const excluded = await collectFiles(root, { include: [], exclude: ['docs/**'] })
    expect(excluded.files.map((f) => f.path)).not.toContain('docs/examples/package-lock.json')
    const included = await collectFiles(root, { include: ['web/**'], exclude: [] })
    expect(
      included.files
        .map((f) => f.path)
        .filter((p) => p !== '.meterian')
        .sort(),
    ).toEqual(['web/package.json', 'web/yarn.lock'])
  })

  it('a folder with nothing supported is an unsupported project (-3)', async () => {
    const empty = tree(['README.md', 'src/index.ts'])
    await expect(collectFiles(empty, { include: [], exclude: [] })).rejects.toMatchObject({ code: -3 })
    await expect(collectFiles(join(empty, 'missing'), { include: [], exclude: [] })).rejects.toBeInstanceOf(
      ScanError,
    )
  })
})

describe('withoutCredentials', () => {
  it.each([
    ['https://user:ghp_secret@github.com/acme/shop.git', 'https://github.com/acme/shop.git'],
    ['https://github.com/acme/shop.git', 'https://github.com/acme/shop.git'],
    ['git@github.com:acme/shop.git', 'git@github.com:acme/shop.git'],
  ])('%s → %s', (url, clean) => {
    expect(withoutCredentials(url)).toBe(clean)
  })
})
