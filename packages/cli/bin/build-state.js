// Whether the compiled build is current (issue 18 "Production start"). `npm run build` writes the web app
// to packages/web/dist and the server and command, compiled, to packages/<p>/dist; each build stores a
// stamp of its inputs (path, size and modification time of every source file). `npm start` rebuilds only a
// stale or missing part, and bin/sextant.js runs the compiled code only when its stamp still matches the
// sources, so an edited tree never runs old code (it falls back to the TypeScript sources through tsx).
// Plain JavaScript: it runs before any TypeScript loader is registered.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** The packages compiled for the server and the command, in dependency order. */
export const serverPackages = ['contract', 'sdk', 'engine', 'pdf', 'server', 'cli']

const skippedDirs = new Set(['node_modules', 'dist', 'fixtures', 'test-results', '.sextant-tmp'])

function isTest(name) {
  return /\.test\.tsx?$/.test(name)
}

/** Every file under `dir` that a build reads: tests and fixtures excluded. */
export function sourceFiles(dir) {
  const out = []
  const walk = (d) => {
    let entries
    try {
      entries = readdirSync(d, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!skippedDirs.has(e.name)) walk(join(d, e.name))
      } else if (e.isFile() && !isTest(e.name)) out.push(join(d, e.name))
    }
  }
  walk(dir)
  return out.sort()
}

const recipe = [
  fileURLToPath(import.meta.url),
  join(repoRoot, 'scripts/build.mjs'),
  join(repoRoot, 'scripts/precompress.mjs'),
  join(repoRoot, 'package-lock.json'),
]

export const targets = {
  server: {
    stampFile: join(repoRoot, 'packages/cli/dist/.sextant-build.json'),
    inputs: () => [
      ...recipe,
      ...serverPackages.flatMap((p) => [
        join(repoRoot, `packages/${p}/package.json`),
        ...sourceFiles(join(repoRoot, `packages/${p}/src`)),
      ]),
    ],
  },
  web: {
    stampFile: join(repoRoot, 'packages/web/dist/.sextant-build.json'),
    inputs: () => [
      ...recipe,
      ...['packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/package.json'].map((f) =>
        join(repoRoot, f),
      ),
      ...['web/src', 'web/public', 'contract/src', 'sdk/src'].flatMap((d) =>
        sourceFiles(join(repoRoot, 'packages', d)),
      ),
    ],
  },
}

/** A digest of the inputs' paths, sizes and modification times. */
export function stampOf(files) {
  const hash = createHash('sha256')
  for (const file of files) {
    let line
    try {
      const s = statSync(file)
      line = `${relative(repoRoot, file)}\t${s.size}\t${s.mtimeMs}\n`
    } catch {
      line = `${relative(repoRoot, file)}\tmissing\n`
    }
    hash.update(line)
  }
  return hash.digest('hex')
}

export function storedStamp(target) {
  try {
    return JSON.parse(readFileSync(target.stampFile, 'utf8')).stamp ?? null
  } catch {
    return null
  }
}

/** Whether `target`'s build exists and was made from the current sources. */
export function isCurrent(target) {
  const stored = storedStamp(target)
  return stored !== null && stored === stampOf(target.inputs())
}

/** The compiled command's entry when the server build is current; null otherwise. */
export function compiledEntry() {
  return isCurrent(targets.server) ? join(repoRoot, 'packages/cli/dist/main.js') : null
}
