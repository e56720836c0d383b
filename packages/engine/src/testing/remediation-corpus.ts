// Test helper: the remediation plan's inputs from the shared corpus (issue 19): the npm advisories as an
// index, the recorded packuments, and a RemediationSource reading versions and each version's declared
// dependencies from them. Tests only.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { type AdvisoryIndex, buildAdvisoryIndex } from '../advisories'
import { parseOsvJsonl } from '../advisories/osv/schema'
import { type NpmPackageMetadata, parseNpmPackumentText } from '../datasources/npm/packument'
import type { DependencyGraph } from '../model'
import { type PlanFinding, planFindingsOf, type RemediationSource, remediationSourceOf } from '../remediation'
import { buildReport } from '../report/build'
import { requireCorpus } from './corpus'

export interface RemediationCorpus {
  index: AdvisoryIndex
  packuments: Map<string, NpmPackageMetadata>
  source: RemediationSource
}

export function remediationCorpus(): RemediationCorpus {
  const corpus = requireCorpus()
  const index = buildAdvisoryIndex(
    parseOsvJsonl(gunzipSync(readFileSync(join(corpus, 'osv', 'npm.jsonl.gz'))).toString('utf8')).records,
  )
  const packuments = new Map<string, NpmPackageMetadata>()
  for (const line of gunzipSync(readFileSync(join(corpus, 'npm-registry', 'packuments.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    const m = line ? parseNpmPackumentText(line).metadata : null
    if (m) packuments.set(m.name, m)
  }
  const source = remediationSourceOf({
    index,
    versions: (_e, name) => packuments.get(name)?.versions.map((v) => v.version) ?? [],
    dependencies: (_e, name, version) => {
      const v = packuments.get(name)?.versions.find((x) => x.version === version)
      return v ? { ...(v.install?.optionalDependencies ?? {}), ...(v.install?.dependencies ?? {}) } : null
    },
  })
  return { index, packuments, source }
}

/** The plan's findings of a graph analysed against `index` (a report built as the analysis would). */
export function planFindingsOfGraph(graph: DependencyGraph, index: AdvisoryIndex): PlanFinding[] {
  const report = buildReport({
    uuid: 'r',
    projectUuid: 'p',
    branch: 'main',
    now: new Date('2026-11-26T00:00:00Z'),
    graph,
    warnings: [],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    advisoryIndex: index,
  })
  return planFindingsOf(report, graph)
}
