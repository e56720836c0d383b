// `npm run build` (issue 18 "Production start"): the web app (Vite, packages/web/dist) and the server and
// command compiled to JavaScript (esbuild, packages/<p>/dist mirroring src/, so paths taken relative to a
// module, such as db/migrations or ../../web/dist, hold in both). Each module is compiled on its own with
// its imports kept: relative imports get their .js name, @sextant/<p> (and a sub-entry its package.json
// `exports` lists, @sextant/server/launch) points at that package's dist, npm
// packages stay imports of node_modules. Files beside the sources that are not TypeScript (the SQL
// migrations, the PGlite host script) are copied. `--if-stale` builds only a part whose stamp
// (packages/cli/bin/build-state.js) no longer matches its sources: `npm start` runs it before serving;
// `web` or `server` builds only that part. The web app's text files are precompressed (brotli, gzip).
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { build } from 'esbuild'
import {
  isCurrent,
  repoRoot,
  serverPackages,
  sourceFiles,
  stampOf,
  targets,
} from '../packages/cli/bin/build-state.js'
import { precompress } from './precompress.mjs'

const args = process.argv.slice(2)
const ifStale = args.includes('--if-stale')
// `node scripts/build.mjs web` (npm run build:web) builds one part; no name builds both.
const only = args.filter((a) => !a.startsWith('--'))
for (const name of only)
  if (!(name in targets)) throw new Error(`unknown build part '${name}' (server or web)`)
const say = (line) => process.stdout.write(`${line}\n`)

function isFile(path) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The source file an extension-less relative import names: x.ts, x.tsx or x/index.ts. */
function sourceOf(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (isFile(candidate)) return candidate
  return null
}

function distOf(source) {
  const pkg = relative(join(repoRoot, 'packages'), source).split('/')[0]
  const inSrc = relative(join(repoRoot, 'packages', pkg, 'src'), source)
  return join(repoRoot, 'packages', pkg, 'dist', inSrc.replace(/\.tsx?$/, '.js'))
}

function importPath(fromSource, toSource) {
  const path = relative(dirname(distOf(fromSource)), distOf(toSource))
  return path.startsWith('.') ? path : `./${path}`
}

/**
 * The source file of a workspace package's entry as its package.json `exports` names it: `.` (index.ts)
 * or a sub-entry such as `./launch` (@sextant/server/launch, the light start of issue 18 acceptance 6).
 */
function workspaceEntry(pkg, subpath) {
  let exported
  try {
    exported = JSON.parse(readFileSync(join(repoRoot, 'packages', pkg, 'package.json'), 'utf8')).exports
  } catch {
    return null
  }
  const target = typeof exported?.[subpath] === 'string' ? exported[subpath] : null
  return target ? join(repoRoot, 'packages', pkg, target) : null
}

const keepImports = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined
      if (args.path.startsWith('.')) {
        const source = sourceOf(join(args.resolveDir, args.path))
        if (!source) return { errors: [{ text: `cannot find ${args.path} from ${args.importer}` }] }
        return { path: importPath(args.importer, source), external: true }
      }
      const workspace = /^@sextant\/([a-z-]+)(\/[a-z-]+)?$/.exec(args.path)
      if (workspace) {
        const entry = workspaceEntry(workspace[1], `.${workspace[2] ?? ''}`)
        if (!serverPackages.includes(workspace[1]) || !entry || !isFile(entry))
          return { errors: [{ text: `${args.path} is not a compiled workspace package entry` }] }
        return { path: importPath(args.importer, entry), external: true }
      }
      return { path: args.path, external: true }
    })
  },
}

async function buildServer() {
  for (const pkg of serverPackages) {
    const src = join(repoRoot, 'packages', pkg, 'src')
    const out = join(repoRoot, 'packages', pkg, 'dist')
    rmSync(out, { recursive: true, force: true })
    const files = sourceFiles(src)
    const entryPoints = files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    await build({
      entryPoints,
      outbase: src,
      outdir: out,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [keepImports],
    })
    for (const file of files.filter((f) => !/\.tsx?$/.test(f))) {
      const to = join(out, relative(src, file))
      mkdirSync(dirname(to), { recursive: true })
      copyFileSync(file, to)
    }
  }
}

function buildWeb() {
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js')
  const result = spawnSync(process.execPath, [vite, 'build', 'packages/web', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`)
  // The server sends these by Accept-Encoding (issue 20 "Static assets").
  precompress(join(repoRoot, 'packages/web/dist'))
}

const steps = [
  ['server', 'server and command compiled to packages/*/dist', buildServer],
  ['web', 'web app built to packages/web/dist', buildWeb],
]
for (const [name, what, run] of steps) {
  const target = targets[name]
  if (only.length > 0 && !only.includes(name)) continue
  if (ifStale && existsSync(target.stampFile) && isCurrent(target)) continue
  const started = performance.now()
  // The stamp is taken before building so that a file edited during the build makes it stale.
  const stamp = stampOf(target.inputs())
  await run()
  mkdirSync(dirname(target.stampFile), { recursive: true })
  writeFileSync(target.stampFile, `${JSON.stringify({ stamp, builtAt: new Date().toISOString() })}\n`)
  say(`Built: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s).`)
}
