import { describe, expect, it } from 'vitest'
import { scanPaths } from './scan'

describe('scanPaths', () => {
  const paths = [
    'package.json',
    'package-lock.json',
    'packages/ui/package.json',
    'tools/standalone/package.json',
    'docs/sbom/bom.json',
    'node_modules/a/package-lock.json',
    '.github/bom.json',
    'src/index.ts',
    'e2e/app/package-lock.json',
    './e2e/app/package.json',
  ]

  it('groups lockfiles with their package.json and workspace members; SBOMs alone', () => {
    const workspacesOf = (dir: string) => (dir === '' ? ['packages/*'] : null)
    expect(scanPaths(paths, { workspacesOf }).groups).toEqual([
      {
        dir: '',
        kind: 'lockfile',
        sources: [{ path: 'package-lock.json', extractorIds: ['package-lock'] }],
        manifests: ['package.json', 'packages/ui/package.json'],
      },
      {
        dir: 'docs/sbom',
        kind: 'sbom',
        sources: [{ path: 'docs/sbom/bom.json', extractorIds: ['cyclonedx-json', 'spdx-json'] }],
        manifests: [],
      },
      expect.objectContaining({ dir: 'e2e/app', kind: 'lockfile', manifests: ['e2e/app/package.json'] }),
      {
        dir: 'tools/standalone',
        kind: 'manifest',
        sources: [],
        manifests: ['tools/standalone/package.json'],
      },
    ])
  })

  it('without workspace information a nested package.json stands alone', () => {
    expect(scanPaths(paths).groups.map((g) => `${g.kind}:${g.dir}`)).toEqual([
      'lockfile:',
      'sbom:docs/sbom',
      'lockfile:e2e/app',
      'manifest:packages/ui',
      'manifest:tools/standalone',
    ])
  })

  it('skips node_modules, .git and hidden folders unless asked', () => {
    expect(scanPaths(paths).supported).not.toContain('.github/bom.json')
    expect(scanPaths(paths, { includeHidden: true }).supported).toContain('.github/bom.json')
  })

  it('applies include and exclude globs; a package.json alone is its own group', () => {
    const r = scanPaths(paths, { include: ['tools/**', 'docs/**/*.json'], exclude: ['docs/**'] })
    expect(r.groups).toEqual([
      {
        dir: 'tools/standalone',
        kind: 'manifest',
        sources: [],
        manifests: ['tools/standalone/package.json'],
      },
    ])
  })
})
