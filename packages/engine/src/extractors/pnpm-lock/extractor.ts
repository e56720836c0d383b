// pnpm-lock.yaml 5.x, 6.x and 9.x (DESIGN §4 extractors, issue 3): importers (each workspace) give
// direct dependencies and scopes, `packages` (v5/v6) or `snapshots` (v9) give the graph.
import type { ComponentSource, Purl, Warning } from '../../model'
import { integrityHashes } from '../../model'
import { baseName, defineExtractor } from '../shared/define'
import { createGraphBuilder, propagateProdScope } from '../shared/graph-builder'
import { asRecord, asString } from '../shared/json'
import { topLevelKeyLines } from '../shared/lines'
import { npmSourceOf } from '../shared/npm-source'
import { parseYaml } from '../shared/yaml'
import { baseKey, normaliseKey, refToKey, splitKey } from './keys'

function sourceOf(meta: Record<string, unknown> | null): ComponentSource {
  const res = asRecord(meta?.resolution)
  if (!res) return 'registry'
  if (res.type === 'git' || typeof res.commit === 'string') return 'git'
  if (typeof res.directory === 'string') return 'file'
  const tarball = asString(res.tarball)
  return tarball ? npmSourceOf(tarball) : 'registry'
}

/** Importer dependency maps: `name: ref` (v5) or `name: { specifier, version }` (v6+). */
function importerRefs(value: unknown): [string, string][] {
  const rec = asRecord(value)
  if (!rec) return []
  const out: [string, string][] = []
  for (const [name, v] of Object.entries(rec)) {
    const ref = asString(v) ?? asString(asRecord(v)?.version)
    if (ref) out.push([name, ref])
  }
  return out
}

export const pnpmLockExtractor = defineExtractor({
  id: 'pnpm-lock',
  ecosystem: 'npm',
  kind: 'lockfile',
  matches: (path) => baseName(path) === 'pnpm-lock.yaml' && !path.split('/').includes('node_modules'),
  extract(file) {
    const parsed = parseYaml(file.content, file.path)
    if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] }
    const doc = asRecord(parsed.value)
    if (!doc)
      return {
        ok: false,
        error: { file: file.path, line: 1, message: 'not a pnpm lockfile (no mapping at the top)' },
        warnings: [],
      }
    const warnings: Warning[] = []
    const versionText = asString(doc.lockfileVersion) ?? ''
    const major = Number.parseInt(versionText, 10)
    if (!(major >= 5 && major <= 9)) {
      return {
        ok: false,
        error: {
          file: file.path,
          line: 1,
          message: `unsupported pnpm lockfileVersion ${JSON.stringify(versionText)}`,
        },
        warnings,
      }
    }
    const v5 = major === 5
    const packages = asRecord(doc.packages) ?? {}
    const snapshots = asRecord(doc.snapshots)
    const nodes = snapshots ?? packages
    const lines = new Map<string, number>()
    for (const [k, line] of topLevelKeyLines(file.content, 2)) {
      const key = normaliseKey(k.replace(/^'|'$/g, '').replace(/^"|"$/g, ''))
      if (!lines.has(key)) lines.set(key, line)
    }
    const b = createGraphBuilder()
    const purlByKey = new Map<string, Purl>()
    for (const [rawKey, value] of Object.entries(nodes)) {
      const key = normaliseKey(rawKey)
      const base = baseKey(key, v5)
      const meta = asRecord(snapshots ? (packages[base] ?? packages[`/${base}`]) : value)
      const split = splitKey(base, v5)
      const name = asString(meta?.name) ?? split?.name
      const version = asString(meta?.version) ?? split?.version
      const line = lines.get(base) ?? lines.get(key)
      if (!name || !version) {
        warnings.push({
          file: file.path,
          line,
          message: `package key "${rawKey}" has no name and version; skipped`,
          gap: 'skipped-input',
        })
        continue
      }
      purlByKey.set(
        key,
        b.add({
          type: 'npm',
          name,
          version,
          scope: 'dev',
          source: sourceOf(meta),
          location: line === undefined ? { file: file.path } : { file: file.path, line },
          // the tarball's integrity (issue 19: exports keep the input's hashes)
          hashes: integrityHashes(asString(asRecord(meta?.resolution)?.integrity) ?? ''),
        }),
      )
    }
    for (const [rawKey, value] of Object.entries(nodes)) {
      const from = purlByKey.get(normaliseKey(rawKey))
      const rec = asRecord(value)
      if (!from || !rec) continue
      for (const [name, ref] of [
        ...importerRefs(rec.dependencies),
        ...importerRefs(rec.optionalDependencies),
      ]) {
        const target = refToKey(name, ref, v5)
        const to = target ? purlByKey.get(target) : undefined
        if (to) b.edge(from, to)
      }
    }
    const importers = asRecord(doc.importers) ?? { '.': doc }
    const prodRoots: Purl[] = []
    for (const importer of Object.values(importers)) {
      const rec = asRecord(importer)
      if (!rec) continue
      const groups: [unknown, boolean][] = [
        [rec.dependencies, true],
        [rec.optionalDependencies, true],
        [rec.devDependencies, false],
      ]
      for (const [group, prod] of groups) {
        for (const [name, ref] of importerRefs(group)) {
          const target = refToKey(name, ref, v5)
          const to = target ? purlByKey.get(target) : undefined
          if (!to) continue
          b.direct(to)
          if (prod) prodRoots.push(to)
        }
      }
    }
    const graph = b.build({ name: '', version: null })
    propagateProdScope(graph, prodRoots)
    return { ok: true, graph, warnings }
  },
})
