// The files a refresh keeps from a clone (issue 6 "Refresh"; issue 18 registry): every file a
// registered extractor or resolver reads, so a Maven or Gradle build resolves from git as it does
// from an upload, and nothing else.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createOutboundClient, DEFAULT_OUTBOUND } from '../../http-client'
import { tempDir } from '../../testing/databases'
import { checkoutBranch } from './git-checkout'

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
}
const outbound = createOutboundClient(DEFAULT_OUTBOUND)
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' })

describe('checkoutBranch', () => {
  it('keeps the files of every registered extractor and resolver, and only those', async () => {
    const root = tempDir('git')
    const work = join(root, 'work')
    const files = [
      'pom.xml',
      'core/pom.xml',
      'tools/settings.gradle.kts',
      'tools/build.gradle.kts',
      'tools/gradle.properties',
      'tools/gradle/libs.versions.toml',
      'web/package.json',
      'web/yarn.lock',
      '.meterian',
      'README.md',
      'src/Main.java',
    ]
    for (const f of files) {
      mkdirSync(dirname(join(work, f)), { recursive: true })
      writeFileSync(join(work, f), 'x\n')
    }
    git(work, 'init', '-q', '-b', 'main')
    git(work, 'add', '.')
    git(work, 'commit', '-q', '-m', 'main')
    const checkout = await checkoutBranch(`file://${work}`, 'main', {
      timeoutMs: 30_000,
      allowLocal: true,
      allowPrivate: false,
      maxFileBytes: 1024,
      outbound,
      extraCaCerts: null,
    })
    expect(checkout.files.map((f) => f.path)).toEqual(
      files.filter((f) => !['README.md', 'src/Main.java'].includes(f)).sort(),
    )
  })
})
