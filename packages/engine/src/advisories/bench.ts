// Matching benchmark (DESIGN §8; issue 9 acceptance 6): the npm corpus replicated under new package
// names to 20,000 advisories, matched against 3,000 generated components. Reads the corpus, so it
// is for the bench runner only, never imported by product code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gunzipSync } from 'node:zlib'
import { requireCorpus } from '../testing/corpus'
import { buildAdvisoryIndex, matchPackage, type PackageVersion } from './advisory-index'
import { parseOsvJsonl } from './osv/schema'
import type { OsvRecord } from './osv/types'

export interface MatchingBench {
  components: number
  advisories: number
  /** Matching time only, after one warm-up pass (the index is built beforehand, as the server keeps it). */
  ms: number
  /** Building the index from parsed records. */
  indexMs: number
  /** Components with at least one advisory affecting them (a sanity figure). */
  affectedComponents: number
}

function renamed(record: OsvRecord, copy: number): OsvRecord {
  return {
    ...record,
    id: `${record.id}-r${copy}`,
    aliases: record.aliases.map((a) => `${a}-r${copy}`),
    affected: record.affected.map((a) => ({
      ...a,
      package: { ...a.package, name: `${a.package.name}-r${copy}` },
    })),
  }
}

/** Deterministic pseudo-random numbers (no clock, reproducible figures). */
function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

export function benchMatching(advisoryCount = 20_000, componentCount = 3_000): MatchingBench {
  const text = gunzipSync(readFileSync(join(requireCorpus(), 'osv', 'npm.jsonl.gz'))).toString('utf8')
  const base = parseOsvJsonl(text).records
  const records: OsvRecord[] = []
  for (let copy = 0; records.length < advisoryCount; copy++) {
    for (const r of base) {
      if (records.length >= advisoryCount) break
      records.push(renamed(r, copy))
    }
  }
  // Components: names the advisories mention (with their event versions, so ranges are exercised)
  // and as many names no advisory mentions, as in a real lockfile.
  const random = lcg(9)
  const named = records.flatMap((r) =>
    r.affected
      .filter((a) => a.package.ecosystem === 'npm')
      .flatMap((a) =>
        a.ranges.flatMap((g) => g.events.map((e) => ({ name: a.package.name, version: e.version }))),
      ),
  )
  const components: PackageVersion[] = []
  for (let i = 0; i < componentCount; i++) {
    const pick = named[Math.floor(random() * named.length)]
    if (i % 2 === 0 && pick !== undefined) {
      const version = /^\d+\.\d+\.\d+/.test(pick.version) ? pick.version : '1.0.0'
      components.push({ ecosystem: 'npm', name: pick.name, version })
    } else {
      components.push({
        ecosystem: 'npm',
        name: `unrelated-package-${i}`,
        version: `${i % 7}.${i % 13}.${i % 5}`,
      })
    }
  }
  const t0 = performance.now()
  const index = buildAdvisoryIndex(records)
  const indexMs = performance.now() - t0
  // One untimed pass first: the figure is the steady state of a running server (JIT compiled,
  // version memo warm), not Node's start-up.
  for (const c of components) matchPackage(index, c)
  const t1 = performance.now()
  let affectedComponents = 0
  for (const c of components) if (matchPackage(index, c).affected.length > 0) affectedComponents++
  const t2 = performance.now()
  return {
    components: components.length,
    advisories: records.length,
    ms: t2 - t1,
    indexMs,
    affectedComponents,
  }
}
