// gradle.lockfile (Gradle dependency locking, one file per project; DESIGN §4 extractors):
// `group:artifact:version=conf1,conf2` lines, `empty=` for configurations with nothing locked.
// buildscript-/settings-gradle.lockfile lock the build's own classpath: kept apart, scope dev.
import { type Component, type DependencyGraph, makePurl, ROOT, type Warning } from '../../model'
import type { Extractor, ExtractResult, SourceFile } from '../types'
import { scopeOfGradleConfigurations } from './configurations'

const LOCKFILE = /(^|\/)((buildscript|settings)-)?gradle\.lockfile$/
const LEGACY = /(^|\/)gradle\/dependency-locks\/([^/]+)\.lockfile$/

/** Which build classpath a lockfile belongs to. */
export function gradleLockfileKind(path: string): 'project' | 'buildscript' | 'settings' {
  const m = LOCKFILE.exec(path)
  return m?.[3] === 'buildscript' ? 'buildscript' : m?.[3] === 'settings' ? 'settings' : 'project'
}

function projectName(path: string): string {
  const parts = path.split('/')
  parts.pop()
  return parts.pop() ?? '.'
}

export function extractGradleLockfile(file: SourceFile): ExtractResult {
  const warnings: Warning[] = []
  const legacy = LEGACY.exec(file.path)
  const kind = legacy ? 'project' : gradleLockfileKind(file.path)
  const components: Component[] = []
  const lines = file.content.split(/\r?\n/)
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const [coords, confText] = line.split('=', 2)
    if (coords === 'empty') return
    const parts = (coords ?? '').split(':')
    if (parts.length < 3 || parts.some((p) => p === '')) {
      warnings.push({
        file: file.path,
        line: i + 1,
        message: `not a locked module (group:artifact:version): ${line}`,
        gap: 'skipped-input',
      })
      return
    }
    const [group, artifact, version] = parts as [string, string, string]
    const configurations = legacy
      ? [legacy[2] as string]
      : (confText ?? '').split(',').filter((c) => c !== '')
    const name = `${group}:${artifact}`
    components.push({
      purl: makePurl('maven', name, version),
      ecosystem: 'maven',
      name,
      version,
      scope: kind === 'project' ? scopeOfGradleConfigurations(configurations) : 'dev',
      // A lockfile pins the whole resolved classpath and does not say which modules were declared.
      direct: false,
      source: 'registry',
      locations: [{ file: file.path, line: i + 1 }],
    })
  })
  const graph: DependencyGraph = {
    root: { name: projectName(file.path), version: null },
    components,
    edges: components.map((c) => ({ from: ROOT, to: c.purl })),
  }
  return { ok: true, graph, warnings }
}

/** The format reader; ./extractor registers it with its metadata behind the shared guard. */
export const gradleLockfileExtractor: Pick<Extractor, 'id' | 'matches' | 'extract'> = {
  id: 'gradle-lockfile',
  matches: (path) => LOCKFILE.test(path) || LEGACY.test(path),
  extract: (file) => extractGradleLockfile(file),
}
