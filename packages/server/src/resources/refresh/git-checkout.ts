// A shallow clone of one branch (issue 6 "Refresh"; DESIGN §1 "Source: a git repository, cloned shallow"):
// the git binary through execFile (no shell) with a timeout and no prompts, into a scratch folder; then
// the supported files found with the engine's scanPaths (node_modules, .git and hidden folders skipped).
// git reaches the network only through a local proxy of the outbound client (issue 13 item 16): every
// connection is to the repository's host and port, its address checked when dialled (no DNS rebinding),
// HTTP_PROXY applied; redirects are not followed (http.followRedirects=false) and protocols are listed.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootCertificates } from 'node:tls'
import { promisify } from 'node:util'
import { METERIAN_FILE, type SourceFile, scanPaths } from '@sextant/engine'
import {
  type LocalProxy,
  type OutboundClient,
  shellQuote,
  startLocalProxy,
  type TunnelRequest,
  writeProxyCommand,
} from '../../http-client'

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
  /** SEXTANT_ALLOW_PRIVATE_REPOSITORIES: the repository may be on a private or loopback address. */
  allowPrivate: boolean
  maxFileBytes: number
  maxFiles?: number
  /** The process's outbound client: git's only way to the network. */
  outbound: OutboundClient
  /** PEM certificates git trusts beside Node's bundled roots (NODE_EXTRA_CA_CERTS); null = git's own. */
  extraCaCerts: string | null
  /** Bytes git may receive in all (default 2 GiB). */
  maxTransferBytes?: number
}

/** Where git will connect for a repository URL; null for a local (file://) one. */
export function gitTarget(
  url: string,
): { hostname: string; port: number; transport: TunnelRequest['transport'] } | null {
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)/.exec(url)
  if (scp) return { hostname: scp[1]!, port: 22, transport: 'tcp' }
  const parsed = new URL(url)
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
  switch (parsed.protocol) {
    case 'https:':
      return { hostname, port: Number(parsed.port || 443), transport: 'https:' }
    case 'http:':
      return { hostname, port: Number(parsed.port || 80), transport: 'http:' }
    case 'git:':
      return { hostname, port: Number(parsed.port || 9418), transport: 'tcp' }
    case 'ssh:':
      return { hostname, port: Number(parsed.port || 22), transport: 'tcp' }
    default:
      return null
  }
}

const SSH = 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new'

/**
 * `-c` settings that refuse redirects and route git's http(s) and git:// through the local proxy, and the
 * ssh command that does the same for ssh (GIT_SSH_COMMAND; a shell line, so the wrapper is quoted).
 */
async function networkConfig(
  dir: string,
  proxy: LocalProxy | null,
  extraCaCerts: string | null,
): Promise<{ args: string[]; sshCommand: string }> {
  const settings = ['http.followRedirects=false', 'credential.helper=', 'core.askPass=']
  let sshCommand = SSH
  if (proxy) {
    const command = await writeProxyCommand(dir, proxy.url)
    settings.push(`http.proxy=${proxy.url}`, 'http.proxyAuthMethod=basic', `core.gitProxy=${command}`)
    sshCommand = `${SSH} -o ProxyCommand=${shellQuote(`${shellQuote(command)} %h %p`)}`
  }
  if (extraCaCerts) {
    const bundle = join(dir, 'ca-bundle.pem')
    await writeFile(bundle, [...rootCertificates, extraCaCerts].join('\n'), { mode: 0o600 })
    settings.push(`http.sslCAInfo=${bundle}`)
  }
  return { args: settings.flatMap((s) => ['-c', s]), sshCommand }
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
  const target = gitTarget(url)
  let proxy: LocalProxy | null = null
  try {
    if (target)
      proxy = await startLocalProxy(options.outbound, {
        target,
        reach: options.allowPrivate ? 'any' : 'public',
        allowedBy: 'SEXTANT_ALLOW_PRIVATE_REPOSITORIES=true',
        maxBytes: options.maxTransferBytes ?? 2 * 1024 * 1024 * 1024,
        timeoutMs: options.timeoutMs,
      })
    const network = await networkConfig(dir, proxy, options.extraCaCerts)
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_ASKPASS: '/bin/false',
      GIT_SSH_COMMAND: network.sshCommand,
      GIT_ALLOW_PROTOCOL: options.allowLocal ? 'https:http:git:ssh:file' : 'https:http:git:ssh',
    }
    const checkout = join(dir, 'repo')
    try {
      await run(
        'git',
        [
          ...network.args,
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
      // What the proxy refused says more than curl's "Received HTTP code 502 from proxy after CONNECT".
      const detail =
        proxy?.problems[0] ?? (e.stderr ?? '').trim().split('\n').filter(Boolean).pop() ?? 'unknown error'
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
    await proxy?.close()
    await rm(dir, { recursive: true, force: true })
  }
}
