// The peer tool @cyclonedx/cyclonedx-npm run on a copy of an npm lockfile (issue 3 acceptances 2 and
// 5; DESIGN §8 "beside ours, a peer tool"). Tests and `npm run bench` only: it spawns a process, so
// product code never imports it. Offline: `--package-lock-only`, npm_config_offline, a fresh cache.
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..')
export const cyclonedxNpmCli = join(
  repoRoot,
  'node_modules/@cyclonedx/cyclonedx-npm/bin/cyclonedx-npm-cli.js',
)

/** (purl without qualifiers, our two-way scope) as the peer reports it. */
export type PeerScope = 'prod' | 'dev'

interface CdxComponent {
  purl?: string
  properties?: { name: string; value: string }[]
  components?: CdxComponent[]
}

/** `pkg:npm/%40a/b@1?vcs_url=…#sub` → `pkg:npm/%40a/b@1`. */
export function stripQualifiers(purl: string): string {
  const q = purl.search(/[?#]/)
  return q === -1 ? purl : purl.slice(0, q)
}

/**
 * Components of a cyclonedx-npm SBOM (nested ones too) as purl → scope. A package is `dev` when the
 * tool marks it `cdx:npm:package:development` (npm's `dev` or `devOptional`); the same purl at
 * several install paths is prod if any copy is prod, as our graph builder merges it.
 */
export function peerScopes(bom: unknown): Map<string, PeerScope> {
  const out = new Map<string, PeerScope>()
  const walk = (list: CdxComponent[] | undefined): void => {
    for (const c of list ?? []) {
      if (c.purl) {
        const purl = stripQualifiers(c.purl)
        const dev = c.properties?.some((p) => p.name === 'cdx:npm:package:development' && p.value === 'true')
        const scope: PeerScope = dev ? 'dev' : 'prod'
        if (out.get(purl) !== 'prod') out.set(purl, scope)
      }
      walk(c.components)
    }
  }
  walk((bom as { components?: CdxComponent[] }).components)
  return out
}

export interface PeerRun {
  bom: unknown
  ms: number
  /** `npm error …` lines of the npm ls run underneath (missing or invalid dependencies). */
  npmProblems: string[]
}

/**
 * Copies `package.json` and the lockfile into a temporary folder and runs the tool there with
 * `--package-lock-only` (it calls `npm ls --package-lock-only`, which reads only the lockfile).
 */
export function runCyclonedxNpm(
  files: { name: string; from: string }[],
  timeoutMs = 300_000,
): Promise<PeerRun> {
  if (!existsSync(cyclonedxNpmCli)) {
    return Promise.reject(new Error(`${cyclonedxNpmCli} is missing: run npm ci (it is a root devDependency)`))
  }
  const dir = mkdtempSync(join(tmpdir(), 'sx-cdx-npm-'))
  for (const f of files) copyFileSync(f.from, join(dir, f.name))
  const env = {
    ...process.env,
    npm_config_offline: 'true',
    npm_config_cache: join(dir, '.npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    NODE_ENV: '',
  }
  const args = [
    cyclonedxNpmCli,
    '--package-lock-only',
    '--output-format',
    'JSON',
    '--output-file',
    '-',
    '--no-validate',
    // npm ls exits non-zero on lockfile problems (e.g. a peer the lockfile lacks); the tree is still
    // complete, and the problems are returned for the caller to report.
    '--ignore-npm-errors',
  ]
  const t0 = performance.now()
  return new Promise<PeerRun>((done, fail) => {
    execFile(
      process.execPath,
      args,
      { cwd: dir, env, timeout: timeoutMs, maxBuffer: 512 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const ms = performance.now() - t0
        rmSync(dir, { recursive: true, force: true })
        if (err) fail(new Error(`cyclonedx-npm failed: ${err.message}\n${stderr.slice(-2000)}`))
        else {
          const npmProblems = [
            ...new Set(
              stderr.split('\n').filter((l) => /^\s*npm error (missing|invalid|extraneous)/.test(l)),
            ),
          ].map((l) => l.trim())
          done({ bom: JSON.parse(stdout) as unknown, ms, npmProblems })
        }
      },
    )
  })
}
