import { describe, expect, it } from 'vitest'
import { isProjectFile } from './read-files'

describe('isProjectFile', () => {
  it.each([
    ['package-lock.json', true],
    ['a/b/yarn.lock', true],
    ['pnpm-lock.yaml', true],
    ['pnpm-workspace.yaml', true],
    ['web/package.json', true],
    ['bom.cdx.json', true],
    ['pom.xml', true],
    ['parent/parent-pom.xml', true],
    ['app/build.gradle.kts', true],
    ['settings.gradle', true],
    ['gradle.properties', true],
    ['gradle/libs.versions.toml', true],
    ['app/gradle.lockfile', true],
    ['.meterian', true],
    ['README.md', false],
    ['src/index.ts', false],
    ['junk.bin', false],
    ['sub/.meterian', false],
    ['node_modules/a/package.json', false],
    ['.git/config', false],
    ['.hidden/package-lock.json', false],
  ])('%s → %s', (path, kept) => {
    expect(isProjectFile(path)).toBe(kept)
  })
})
