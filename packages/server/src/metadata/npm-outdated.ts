// `npm outdated` as an oracle (issue 5 acceptance 1, §6 bench): runs npm's own client against a
// registry URL in a temporary copy of a project, with a minimal node_modules rebuilt from the lockfile
// (corpus npm-registry README "Serving the file to npm's client"). Tests and benchmarks only.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface OutdatedRow {
  current?: string
  wanted: string
  latest: string
  location?: string
}

interface LockEntry {
  name?: string
  version?: string
  link?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

export interface OutdatedProject {
  dir: string
  dispose(): void
}

/** A temporary project folder: package.json, package-lock.json and a node_modules of manifests only. */
export function materialiseProject(packageJson: string, packageLock: string): OutdatedProject {
  const dir = mkdtempSync(join(tmpdir(), 'sx-outdated-'))
  writeFileSync(join(dir, 'package.json'), packageJson)
  writeFileSync(join(dir, 'package-lock.json'), packageLock)
  const lock = JSON.parse(packageLock) as { packages?: Record<string, LockEntry> }
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.link) continue
    const name = entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
    mkdirSync(join(dir, key), { recursive: true })
    const manifest = {
      name,
      version: entry.version,
      dependencies: entry.dependencies,
      optionalDependencies: entry.optionalDependencies,
      peerDependencies: entry.peerDependencies,
    }
    writeFileSync(join(dir, key, 'package.json'), JSON.stringify(manifest))
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs `npm outdated --json [extraArgs]` in `dir` against `registry`, with a fresh cache; exit 1 = rows listed. */
export async function npmOutdated(
  dir: string,
  registry: string,
  extraArgs: readonly string[] = [],
): Promise<Record<string, OutdatedRow | OutdatedRow[]>> {
  const cache = mkdtempSync(join(tmpdir(), 'sx-npm-cache-'))
  try {
    const npmrc = join(cache, 'npmrc')
    writeFileSync(npmrc, '')
    const { code, stdout, stderr } = await run(
      'npm',
      [
        'outdated',
        '--json',
        '--registry',
        registry,
        '--cache',
        cache,
        '--userconfig',
        npmrc,
        '--no-update-notifier',
        ...extraArgs,
      ],
      dir,
    )
    const parsed = stdout.trim() ? (JSON.parse(stdout) as Record<string, unknown>) : {}
    // npm's --json errors are `{"error":{"code","summary"}}`; a package may be named `error` too.
    const error = parsed.error as { summary?: unknown; latest?: unknown } | undefined
    if ((code !== 0 && code !== 1) || (error && error.summary !== undefined && error.latest === undefined)) {
      throw new Error(`npm outdated exited ${code}: ${stderr.slice(0, 2000)}`)
    }
    // `--all` answers an array per name when several versions are installed.
    return parsed as Record<string, OutdatedRow | OutdatedRow[]>
  } finally {
    rmSync(cache, { recursive: true, force: true })
  }
}

function run(command: string, args: string[], cwd: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // Nothing inherited from an outer npm (npx sets npm_config_local_prefix to the monorepo) and an
    // empty user npmrc: only the flags above decide where npm looks and goes.
    const env: NodeJS.ProcessEnv = {}
    for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v
    const child = spawn(command, args, { cwd, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
