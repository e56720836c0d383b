// Maven ordering against vectors produced by Maven's own tests (../shared/corpus/versions): the
// osv-scalibr lists (Maven 3.9 behaviour) and apache/maven master's ComparableVersionTest (Maven 4).
// Known disagreements are listed with the reason; any other disagreement fails the test.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../../testing/corpus'
import { compareMavenVersions } from './comparable-version'

type Rel = '<' | '>' | '='
interface Vector {
  a: string
  rel: Rel
  b: string
}

function readVectors(file: string): Vector[] {
  const out: Vector[] = []
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const m = /^(\S+) ([<>=]) (\S+)$/.exec(line)
    if (m) out.push({ a: m[1] as string, rel: m[2] as Rel, b: m[3] as string })
  }
  return out
}

const symbol = (n: number): Rel => (n < 0 ? '<' : n > 0 ? '>' : '=')

/**
 * osv-scalibr vectors that follow the pre-3.9 parse (MNG-7644, Maven 3.9.0, made `.X1` parse like `-X1`,
 * so `2.9.0.RC1` = `2.9.0-RC1` < `2.9.0-1` and `1.1.31.sec10` puts `sec` in a sub-list). We follow 3.9.
 * `1-1 = 1-ga-1` is osv's own padding rule; ComparableVersion keeps `1-ga-1` as [1,[[1]]] < [1,[1]].
 */
const PRE_39_OSV = new Set<string>([
  '1-1 = 1-ga-1 (ours: >)',
  '1.0.0-RC16 < 1.0.0.RC8-beta (ours: >)',
  '1.0.0-gradle-rework-beta3 < 1.0.0.RC7-3 (ours: >)',
  '2.9.0-1 < 2.9.0.RC1 (ours: >)',
  '6.1.12.rc5 < 6.1.12rc1 (ours: >)',
  '1.1.31.sec10 < 1.1.31_noneautotype (ours: >)',
  '1.1.34.sec10 < 1.1.34_noneautotype (ours: >)',
  '1.1.46.sec10 < 1.1.46_noneautotype (ours: >)',
  '1.2.8.sec10_noneautotype < 1.2.8_noneautotype (ours: >)',
  '1.2.31.sec10 < 1.2.31_noneautotype (ours: >)',
  '1.2.48.sec10 < 1.2.48_noneautotype (ours: >)',
  '1.2.50.sec10 < 1.2.50_noneautotype (ours: >)',
  '1.2.54.sec10 < 1.2.54_noneautotype (ours: >)',
  '1.2.57.sec10 < 1.2.57_noneautotype (ours: >)',
  '1.2.60.sec10 < 1.2.60_noneautotype (ours: >)',
  '1.2.67.sec10 < 1.2.67_noneautotype (ours: >)',
  '1.0.0rc0 < 1.0.beta8 (ours: >)',
  '1.5.9.RC1 < 1.5.9-RC0 (ours: >)',
  '1.1.0-01-glassfish < 1.1.0.Beta1 (ours: >)',
])

/**
 * apache/maven master (Maven 4) vectors where 3.9 differs: Maven 4 parses only ASCII digits (3.9's
 * Character.isDigit reads `𝟤` and `٨` as numbers), and Maven 4 keeps the `final` null before `-redhat`.
 */
const MAVEN4_ONLY = new Set<string>([
  '1 > 𝟤 (ours: <)',
  '𝟤 < 1 (ours: >)',
  '1 > ٨ (ours: <)',
  '٨ < 1 (ours: >)',
  '1.0.final-redhat < 1.0-sp1-redhat (ours: >)',
  '1.0.final-redhat < 1.0-sp-1-redhat (ours: >)',
  '1.0.final-redhat < 1.0-sp.1-redhat (ours: >)',
])

function disagreements(vectors: Vector[]): string[] {
  return vectors
    .filter((v) => symbol(compareMavenVersions(v.a, v.b)) !== v.rel)
    .map((v) => `${v.a} ${v.rel} ${v.b} (ours: ${symbol(compareMavenVersions(v.a, v.b))})`)
}

describe('Maven ordering corpus', () => {
  const dir = join(requireCorpus(), 'versions')

  it('agrees with the osv-scalibr Maven vectors except the documented pre-3.9 ones', () => {
    const vectors = [
      ...readVectors(join(dir, 'osv-scalibr/maven-versions.txt')),
      ...readVectors(join(dir, 'osv-scalibr/maven-versions-generated.txt')),
    ]
    const bad = disagreements(vectors)
    console.log(`osv-scalibr: ${vectors.length - bad.length}/${vectors.length} agree`)
    expect(bad.filter((d) => !PRE_39_OSV.has(d))).toEqual([])
    expect(vectors.length - bad.length).toBe(14835)
  })

  it('agrees with apache/maven ComparableVersionTest except documented Maven 4 changes', () => {
    const vectors = readVectors(join(dir, 'maven/comparableversion-relations.txt'))
    const bad = disagreements(vectors)
    console.log(`apache/maven: ${vectors.length - bad.length}/${vectors.length} agree`)
    expect(bad.filter((d) => !MAVEN4_ONLY.has(d))).toEqual([])
    expect(vectors.length - bad.length).toBe(175)
  })

  it('keeps the ordered lists strictly increasing', () => {
    const lists = JSON.parse(
      readFileSync(join(dir, 'maven/comparableversion-ordered-lists.json'), 'utf8'),
    ) as {
      lists: Record<string, { versions: string[] }>
    }
    for (const [name, { versions }] of Object.entries(lists.lists)) {
      for (let i = 1; i < versions.length; i++) {
        const expected = name === 'LEADING_ZEROES' ? 0 : -1
        expect([name, compareMavenVersions(versions[i - 1] as string, versions[i] as string)]).toEqual([
          name,
          expected,
        ])
      }
    }
  })
})
