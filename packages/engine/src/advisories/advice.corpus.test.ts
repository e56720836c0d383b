// Enrichment over the whole OSV corpus (issue 9 "Enrichment"; corpus README §1 quirks): every
// CVSS vector scores, every database severity is understood, every record gives an Advice.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../testing/corpus'
import { toAdvice } from './advice'
import { groupByAlias } from './aliases'
import { ecosystemOfOsv } from './ecosystems'
import { parseOsvJsonl } from './osv/schema'
import { normaliseDatabaseSeverity, scoreCvss } from './severity'

const corpus = requireCorpus()
const all = ['npm', 'maven', 'pypi'].flatMap(
  (name) =>
    parseOsvJsonl(gunzipSync(readFileSync(join(corpus, 'osv', `${name}.jsonl.gz`))).toString('utf8')).records,
)
const byId = new Map(all.map((r) => [r.id, r]))

describe('enrichment on the corpus', () => {
  it('scores every non-empty CVSS vector (v3.0, v3.1, v4.0; trailing "/" included)', () => {
    const vectors = all.flatMap((r) =>
      r.severity.filter((s) => s.type.startsWith('CVSS_')).map((s) => s.score),
    )
    const unscored = vectors.filter((v) => v.trim() !== '' && scoreCvss(v) === null)
    expect(vectors.length).toBeGreaterThan(900)
    expect(unscored).toEqual([])
  })

  it('understands every database severity', () => {
    const words = new Set(all.map((r) => r.databaseSeverity).filter((s) => s !== null))
    expect([...words].filter((w) => normaliseDatabaseSeverity(w) === null)).toEqual([])
  })

  it.each([
    ['GHSA-cqmj-92xf-r6r9', 'empty CVSS score', false],
    ['GHSA-x5rq-j2xg-h7qm', "github_reviewed null, severity 'moderate', no vector", false],
    ['GHSA-pc5p-h8pf-mvwp', "vector with a trailing '/'", true],
    ['GHSA-3g92-w8c5-73pq', 'CVSS_V4 next to CVSS_V3', true],
    ['GHSA-wf5p-g6vw-rhxx', 'empty severity array', false],
  ])('%s (%s) gives a rated advice', (id, _quirk, scored) => {
    const record = byId.get(id)
    expect(record).toBeDefined()
    if (!record) return
    const pkg = record.affected[0]?.package.name ?? ''
    const advice = toAdvice(record, { ecosystem: 'npm', name: pkg })
    expect(advice.severity).not.toBe('NONE')
    expect(advice.id).toBe(id)
    expect(advice.cvss !== null).toBe(scored)
  })

  it('gives an Advice for every record and alias group', () => {
    for (const group of groupByAlias(all)) {
      const first = group[0]?.affected[0]
      const ecosystem = (first && ecosystemOfOsv(first.package.ecosystem)) ?? 'other'
      const advice = toAdvice(group, { ecosystem, name: first?.package.name ?? '' })
      expect(advice.id).not.toBe('')
    }
    expect(groupByAlias(all).length).toBeLessThan(all.length)
  })
})
