// Corpus: every recorded npm packument (../shared/corpus/npm-registry, 2,685 packages) parses without
// throwing; counts match the corpus README (versions, deprecations, licence shapes, repositories).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../../testing/corpus'
import type { NpmPackageMetadata } from './packument'
import { parseNpmPackumentText } from './packument'

function loadRecordedPackuments(): { lines: string[]; parsed: NpmPackageMetadata[]; warnings: string[] } {
  const file = join(requireCorpus(), 'npm-registry', 'packuments.jsonl.gz')
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean)
  const parsed: NpmPackageMetadata[] = []
  const warnings: string[] = []
  for (const line of lines) {
    const r = parseNpmPackumentText(line)
    if (r.metadata) parsed.push(r.metadata)
    warnings.push(...r.warnings)
  }
  return { lines, parsed, warnings }
}

describe('npm packuments corpus', () => {
  const { lines, parsed, warnings } = loadRecordedPackuments()
  const versions = parsed.flatMap((p) => p.versions)

  it('parses every document without warnings', () => {
    expect(lines).toHaveLength(2685)
    expect(parsed).toHaveLength(2685)
    expect(parsed.filter((p) => p.name.startsWith('@'))).toHaveLength(767)
    expect(warnings).toEqual([])
  })

  it('keeps every version with its publish time', () => {
    expect(versions).toHaveLength(157_160)
    expect(versions.filter((v) => v.publishedAt === null)).toHaveLength(0)
    expect(versions.every((v) => v.publishedAt?.endsWith('Z'))).toBe(true)
    expect(parsed.every((p) => Object.keys(p.distTags).join() === 'latest')).toBe(true)
  })

  it('reads deprecation: 22 messages, the 15 `false` values are not deprecated', () => {
    expect(versions.filter((v) => v.deprecated !== null)).toHaveLength(22)
  })

  it('reads licences in every shape and the repository', () => {
    // The corpus README says 6,397 versions have neither `license` nor `licenses`; counting the keys
    // in the file itself gives 3,195 (no version has an empty value), which is what we read.
    expect(versions.filter((v) => v.licences.length === 0)).toHaveLength(3195)
    expect(parsed.filter((p) => p.repository !== null)).toHaveLength(2660)
    const lodash = parsed.find((p) => p.name === 'lodash')!
    expect(lodash.distTags.latest).toBe('4.18.1')
    expect(lodash.licences).toEqual(['MIT'])
  })
})
