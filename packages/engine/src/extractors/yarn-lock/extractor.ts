// yarn.lock, classic (v1) and berry (`__metadata`) (DESIGN §4 extractors, issue 3): the lockfile
// gives packages and edges; package.json files beside it (workspaces too) give direct deps and scopes.
import type { Warning } from '../../model'
import { baseName, defineExtractor, dirName, joinPath } from '../shared/define'
import { globMatch } from '../shared/glob'
import { readPackageJson } from '../shared/package-json'
import type { ExtractContext } from '../types'
import { readBerry } from './berry'
import { readClassic } from './classic'
import { buildYarnGraph, type YarnWorkspace } from './graph'
import type { YarnLock } from './model'

function manifestAt(ctx: ExtractContext, path: string): YarnWorkspace['manifest'] {
  return readPackageJson(ctx.readFile(path), path)
}

/** Berry: every workspace entry of the lockfile; classic: the root and the members found by glob. */
function workspacesOf(lock: YarnLock, dir: string, ctx: ExtractContext): YarnWorkspace[] {
  const rootPath = joinPath(dir, 'package.json')
  if (lock.berry) {
    const locked = lock.packages.filter((p) => p.workspace !== null)
    if (locked.length > 0) {
      return locked
        .sort((a, b) => (a.workspace === '.' ? -1 : b.workspace === '.' ? 1 : 0))
        .map((p) => {
          const manifestPath = joinPath(dir, p.workspace ?? '.', 'package.json')
          return { manifestPath, manifest: manifestAt(ctx, manifestPath), locked: p }
        })
    }
  }
  const root = manifestAt(ctx, rootPath)
  const out: YarnWorkspace[] = [{ manifestPath: rootPath, manifest: root, locked: null }]
  const globs = root?.workspaces ?? []
  if (globs.length === 0 || !ctx.paths) return out
  const prefix = dir === '' ? '' : `${dir}/`
  for (const path of ctx.paths()) {
    if (!path.startsWith(prefix) || !path.endsWith('/package.json') || path.includes('node_modules/'))
      continue
    const memberDir = dirName(path).slice(prefix.length)
    if (globs.some((g) => globMatch(g, memberDir)))
      out.push({ manifestPath: path, manifest: manifestAt(ctx, path), locked: null })
  }
  return out
}

export const yarnLockExtractor = defineExtractor({
  id: 'yarn-lock',
  ecosystem: 'npm',
  kind: 'lockfile',
  matches: (path) => baseName(path) === 'yarn.lock' && !path.split('/').includes('node_modules'),
  extract(file, ctx) {
    const berry = /^__metadata:/m.test(file.content)
    const read = berry ? readBerry(file.content, file.path) : readClassic(file.content, file.path)
    if (!read.ok) return { ok: false, error: read.error, warnings: [] }
    const warnings: Warning[] = []
    if (read.lock.packages.length === 0 && file.content.trim() !== '' && !/^(#.*\s*)*$/.test(file.content)) {
      warnings.push({ file: file.path, line: 1, message: 'no package entries found in yarn.lock' })
    }
    const workspaces = workspacesOf(read.lock, dirName(file.path), ctx)
    return { ok: true, graph: buildYarnGraph(read.lock, workspaces, file.path, warnings), warnings }
  },
})
