// `npm start` (issue 18 "Production start", acceptance 6: answers in under 3 s): one process checks the
// build stamps once, builds a stale or missing part (scripts/build.mjs --if-stale, only then), and runs
// `sextant serve` in this same process. Before, npm started build.mjs (a Node start and a stat of every
// source file) and then bin/sextant.js, which stat'ed every source file again before serving.
// `npm start -- --no-workers` passes its options on to `serve`.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isCurrent, repoRoot, targets } from '../packages/cli/bin/build-state.js'

const stale = Object.keys(targets).filter((name) => !isCurrent(targets[name]))
process.argv.splice(2, 0, 'serve')
if (stale.length === 0) {
  await import(pathToFileURL(join(repoRoot, 'packages/cli/dist/main.js')).href)
} else {
  const built = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
  // the command checks the stamp again: a source edited during the build runs from the sources
  await import(pathToFileURL(join(repoRoot, 'packages/cli/bin/sextant.js')).href)
}
