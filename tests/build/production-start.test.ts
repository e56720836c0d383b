// Production start (issue 18 "Production start", acceptance 6): `npm run build` compiles the server and
// command so that `sextant serve` runs without the TypeScript loader, the built server answers with its
// migrations applied, and an edited source makes the build stale (the command then runs the sources and
// `npm start`'s `--if-stale` build rebuilds). Built in a copy of the tree, so the checkout's own build and
// the tests running beside this one are untouched.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, '../..')
const packages = ['contract', 'sdk', 'engine', 'pdf', 'server', 'cli']
let tree: string

function copyTree(to: string) {
  for (const file of ['package.json', 'package-lock.json', 'scripts/build.mjs', 'scripts/precompress.mjs'])
    cpSync(join(repoRoot, file), join(to, file))
  symlinkSync(join(repoRoot, 'node_modules'), join(to, 'node_modules'))
  for (const p of packages) {
    const from = join(repoRoot, 'packages', p)
    mkdirSync(join(to, 'packages', p), { recursive: true })
    cpSync(join(from, 'package.json'), join(to, 'packages', p, 'package.json'))
    cpSync(join(from, 'src'), join(to, 'packages', p, 'src'), { recursive: true })
    if (existsSync(join(from, 'bin')))
      cpSync(join(from, 'bin'), join(to, 'packages', p, 'bin'), { recursive: true })
    if (existsSync(join(from, 'node_modules')))
      symlinkSync(join(from, 'node_modules'), join(to, 'packages', p, 'node_modules'))
  }
}

/** What bin/sextant.js would run in the copy: the compiled entry or null (the sources through tsx). */
async function compiledEntry(): Promise<string | null> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(join(tree, 'packages/cli/bin/build-state.js'))}); process.stdout.write(JSON.stringify(m.compiledEntry()))`,
  ])
  return JSON.parse(stdout) as string | null
}

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'sx-build-'))
  copyTree(tree)
  await run(process.execPath, ['scripts/build.mjs', 'server'], { cwd: tree })
}, 120_000)

afterAll(() => rmSync(tree, { recursive: true, force: true }))

describe('npm run build', () => {
  it('compiles every package to dist and the command runs the compiled code', async () => {
    expect(await compiledEntry()).toBe(join(tree, 'packages/cli/dist/main.js'))
    for (const p of packages) expect(existsSync(join(tree, 'packages', p, 'dist/index.js'))).toBe(true)
    // files beside the sources the server reads at run time
    expect(existsSync(join(tree, 'packages/server/dist/db/pglite-host.mjs'))).toBe(true)
    expect(
      existsSync(join(tree, 'packages/server/dist/db/migrations/001_identity_projects_reports.sql')),
    ).toBe(true)
  })

  it('serves from the build: the compiled server starts on an embedded database and answers', async () => {
    const data = mkdtempSync(join(tmpdir(), 'sx-build-data-'))
    // The process is started with the copy's compiled main directly, so no loader can be involved.
    const { spawnSextant } = await import('../../packages/cli/src/testing/process')
    const proc = await spawnSextant(['serve'], { SEXTANT_DATA_DIR: data }, 180_000, {
      bin: join(tree, 'packages/cli/dist/main.js'),
    })
    try {
      const docs = await fetch(`${proc.url}/api/docs`)
      expect(docs.status).toBe(200)
      expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0')
    } finally {
      await proc.stop()
      rmSync(data, { recursive: true, force: true })
    }
  }, 240_000)

  it('an edited source makes the build stale: the command runs the sources and --if-stale rebuilds', async () => {
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(tree, 'packages/engine/src/index.ts'), later, later)
    expect(await compiledEntry()).toBeNull()
    const stale = await run(process.execPath, ['scripts/build.mjs', 'server', '--if-stale'], { cwd: tree })
    expect(stale.stdout).toContain('Built: server')
    expect(await compiledEntry()).toBe(join(tree, 'packages/cli/dist/main.js'))
    const current = await run(process.execPath, ['scripts/build.mjs', 'server', '--if-stale'], { cwd: tree })
    expect(current.stdout).toBe('')
  }, 120_000)
})
