// What a scan learns from the git checkout it runs in (issue 15: `--branch` defaults to the git branch,
// `--url` to the git remote): CI variables first (a CI checkout is often a detached HEAD), then git.
// Credentials in a remote URL (https://user:token@host/…) are never sent: the user part is dropped.
import { execFile } from 'node:child_process'

function git(dir: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', ['-C', dir, ...args], { timeout: 10_000 }, (error, stdout) =>
      resolve(error ? null : stdout.trim() || null),
    )
  })
}

/** The branch CI says it builds (a pull request's head branch first), else git's current branch. */
export async function gitBranch(
  dir: string,
  env: Record<string, string | undefined>,
): Promise<string | null> {
  const fromCi =
    env.GITHUB_HEAD_REF ||
    env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME ||
    env.CI_COMMIT_REF_NAME ||
    env.GITHUB_REF_NAME
  if (fromCi) return fromCi
  const branch = await git(dir, ['rev-parse', '--abbrev-ref', 'HEAD'])
  return branch && branch !== 'HEAD' ? branch : null
}

export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url)
    if (!u.username && !u.password) return url
    u.username = ''
    u.password = ''
    return u.toString()
  } catch {
    // scp-like `git@host:owner/repo.git`: the user part is not a secret, keep it
    return url
  }
}

export async function gitRemoteUrl(dir: string): Promise<string | null> {
  const url = await git(dir, ['config', '--get', 'remote.origin.url'])
  return url ? withoutCredentials(url) : null
}
