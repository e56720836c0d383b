// A shallow clone of one branch (issue 6 "Refresh"; DESIGN §1 "Source: a git repository, cloned shallow"):
// the git binary through execFile (no shell) with a timeout and no prompts, into a scratch folder; then
// the supported files found with the engine's scanPaths (node_modules, .git and hidden folders skipped).
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { METERIAN_FILE, type SourceFile, scanPaths } from '@sextant/engine'

const run = promisify(execFile)

/** git check-ref-format, simplified: no leading '-', no '..', no control or special characters. */
export function isSafeBranch(branch: string): boolean {
  return (
    /^[\w./@+-]+$/.test(branch) &&
    !branch.startsWith('-') &&
    !branch.startsWith('/') &&
    !branch.includes('..') &&
    !branch.endsWith('.lock') &&
    !branch.endsWith('/')
  )
}

export interface Checkout {
  commit: string
  files: SourceFile[]
  /** Files skipped for size. */
  skipped: string[]
}

export interface CheckoutOptions {
  timeoutMs: number
  allowLocal: boolean
  maxFileBytes: number
  maxFiles?: number
}

export class GitError extends Error {}

async function listFiles(root: string, max: number): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (out.length >= max) return
      const path = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
        await walk(join(dir, entry.name), path)
      } else if (entry.isFile()) out.push(path)
    }
  }
  await walk(root, '')
  return out
}

export async function checkoutBranch(
  url: string,
  branch: string,
  options: CheckoutOptions,
): Promise<Checkout> {
  if (!isSafeBranch(branch)) throw new GitError(`'${branch}' is not a branch name git accepts.`)
  const dir = await mkdtemp(join(tmpdir(), 'sx-clone-'))
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ASKPASS: '/bin/false',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
    GIT_ALLOW_PROTOCOL: options.allowLocal ? 'https:http:git:ssh:file' : 'https:http:git:ssh',
  }
  try {
    const checkout = join(dir, 'repo')
    try {
      await run(
        'git',
        [
          'clone',
          '--quiet',
          '--depth',
          '1',
          '--branch',
          branch,
          '--single-branch',
          '--no-tags',
          '--',
          url,
          checkout,
        ],
        { timeout: options.timeoutMs, env, maxBuffer: 1024 * 1024 },
      )
    } catch (error) {
      const e = error as { killed?: boolean; stderr?: string; code?: string }
      if (e.code === 'ENOENT')
        throw new GitError('git is not installed on the server: install git to refresh from repositories.')
      if (e.killed)
        throw new GitError(`git clone did not finish within ${Math.round(options.timeoutMs / 1000)} s.`)
      const detail = (e.stderr ?? '').trim().split('\n').filter(Boolean).pop() ?? 'unknown error'
      throw new GitError(`git clone of branch '${branch}' failed: ${detail}`)
    }
    const { stdout } = await run('git', ['-C', checkout, 'rev-parse', 'HEAD'], { timeout: 10_000, env })
    const paths = await listFiles(checkout, options.maxFiles ?? 50_000)
    const wanted = new Set(scanPaths(paths).supported)
    if (paths.includes(METERIAN_FILE)) wanted.add(METERIAN_FILE)
    const files: SourceFile[] = []
    const skipped: string[] = []
    for (const path of [...wanted].sort()) {
      const full = join(checkout, path)
      if ((await stat(full)).size > options.maxFileBytes) {
        skipped.push(path)
        continue
      }
      files.push({ path, content: await readFile(full, 'utf8') })
    }
    return { commit: stdout.trim(), files, skipped }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
