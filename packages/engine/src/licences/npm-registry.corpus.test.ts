// Corpus: every licence declared by a recorded npm version (../shared/corpus/npm-registry) normalises
// without throwing; counts of declared / unrecognised / undeclared pinned, common legacy forms checked.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parseNpmPackumentText } from '../datasources/npm/packument'
import { requireCorpus } from '../testing/corpus'
import type { LicenceStatus } from './normalise'
import { normaliseLicence } from './normalise'

function recordedVersionLicences(): string[][] {
  const file = join(requireCorpus(), 'npm-registry', 'packuments.jsonl.gz')
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean)
  return lines.flatMap((line) => parseNpmPackumentText(line).metadata?.versions.map((v) => v.licences) ?? [])
}

describe('npm registry licences corpus', () => {
  const all = recordedVersionLicences()
  const distinct = new Map<string, string[]>()
  for (const l of all) distinct.set(JSON.stringify(l), l)
  const results = new Map([...distinct].map(([k, l]) => [k, normaliseLicence(l)]))
  const byStatus = (s: LicenceStatus) =>
    all.filter((l) => results.get(JSON.stringify(l))!.status === s).length

  it('normalises every declared licence', () => {
    expect(all).toHaveLength(157_160)
    const counts = {
      declared: byStatus('declared'),
      unrecognised: byStatus('unrecognised'),
      undeclared: byStatus('undeclared'),
    }
    const unrecognised = [...results].filter(([, r]) => r.status === 'unrecognised').map(([k]) => k)
    console.info(
      'licence statuses',
      counts,
      'distinct unrecognised',
      unrecognised.length,
      unrecognised.slice(0, 40),
    )
    expect(counts.undeclared).toBe(3195)
    expect(counts.declared + counts.unrecognised + counts.undeclared).toBe(157_160)
    // SEE LICENSE IN …, Public Domain, SIL, Creative Commons, vendor prose (GreenSock): 17 distinct texts
    expect(counts.unrecognised).toBe(195)
    expect(unrecognised).toHaveLength(17)
  })

  it.each([
    [['MIT/X11'], 'MIT'],
    [['Apache 2.0'], 'Apache-2.0'],
    [['LGPL-3.0+'], 'LGPL-3.0-or-later'],
    [['(BSD-3-Clause OR GPL-2.0)'], 'BSD-3-Clause OR GPL-2.0-only'],
    [['BSD', 'MIT', 'Apache2'], 'BSD-2-Clause OR MIT OR Apache-2.0'],
    [['MIT', 'GPL'], 'MIT OR GPL-3.0-or-later'],
    [['UNLICENSED'], 'UNLICENSED'],
  ])('reads the recorded form %j as %s', (declared, text) => {
    expect(distinct.has(JSON.stringify(declared))).toBe(true)
    expect(results.get(JSON.stringify(declared))!.text).toBe(text)
  })
})
