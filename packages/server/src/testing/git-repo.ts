// A committed git repository for tests (refresh, outbound): the given files on branch main, in a work
// tree and as a bare clone beside it (`<root>/repo.git`) for git servers to serve. Test-only.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { tempDir } from './databases'

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8' })
}

/** Commits `files` (path → content) on main; answers the folder holding `work/` and `repo.git`. */
export function committedRepository(files: Record<string, string>): {
  root: string
  work: string
  bare: string
} {
  const root = tempDir('git-repo')
  const work = join(root, 'work')
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true })
    writeFileSync(join(work, path), content)
  }
  git(work, 'init', '-q', '-b', 'main')
  git(work, 'add', '.')
  git(work, 'commit', '-q', '-m', 'main')
  const bare = join(root, 'repo.git')
  git(root, 'clone', '-q', '--bare', work, bare)
  return { root, work, bare }
}
