// The `.meterian` reader and writer (spec report-page §3 "Exclusions file layout"; product-notes).
import { describe, expect, it } from 'vitest'
import { DESCRIPTION_REQUIRED } from './entry'
import { parseMeterianFile, writeMeterianFile } from './meterian-file'
import type { Exclusion } from './model'

const file = {
  exclusions: {
    security: {
      advices: [{ uuid: 'GHSA-aaaa', reason: 'mitigated', description: 'input is sanitised upstream' }],
      cves: [
        {
          cve: 'cve-2024-1',
          version: '*',
          reason: 'invalid',
          description: 'not our code path',
          transitive: false,
        },
      ],
      libraries: [
        {
          library: { language: 'nodejs', name: 'acme*' },
          version: '*',
          reason: 'unapplicable',
          description: 'internal',
        },
        {
          library: { language: 'javascript', name: 'trusted' },
          version: '2.0.0',
          reason: 'mitigated',
          description: 'vendored',
          transitive: true,
        },
      ],
    },
    stability: {
      libraries: [{ library: { language: 'java', name: 'g:a' }, version: '1.0', description: 'pinned' }],
    },
    licensing: {
      libraries: [
        { library: { language: 'nodejs', name: 'gpl-lib' }, version: '', description: 'legal approved' },
      ],
    },
  },
}

describe('parseMeterianFile', () => {
  it('reads every collection as readonly exclusions with stable ids', () => {
    const { exclusions, warnings } = parseMeterianFile(JSON.stringify(file))
    expect(warnings).toEqual([])
    expect(exclusions.map((e) => e.source)).toEqual([
      'security:advices',
      'security:cves',
      'security:libraries',
      'security:libraries',
      'stability:libraries',
      'licensing:libraries',
    ])
    expect(exclusions.every((e) => e.readonly)).toBe(true)
    expect(exclusions[1]).toMatchObject({ cve: 'CVE-2024-1', version: '*', reason: 'invalid' })
    expect(exclusions[3]).toMatchObject({
      library: { language: 'nodejs', name: 'trusted' },
      transitive: true,
    })
    expect(exclusions[4]).toMatchObject({ reason: 'ignored', library: { language: 'java', name: 'g:a' } })
    // an empty version is stored as '--' (spec §5)
    expect(exclusions[5]).toMatchObject({ version: '--', reason: 'mitigated' })
    expect(parseMeterianFile(JSON.stringify(file)).exclusions.map((e) => e.id)).toEqual(
      exclusions.map((e) => e.id),
    )
  })

  it('drops bad entries with a warning naming the JSON path and keeps the rest', () => {
    const bad = {
      exclusions: {
        security: {
          advices: [{ uuid: 'X', reason: 'mitigated', description: '   ' }, 'nope'],
          cves: [
            { cve: 'CVE-1', reason: 'because', description: 'd' },
            { cve: 'CVE-2', reason: 'invalid', description: 'ok' },
          ],
          libraries: [{ library: { language: 'cobol', name: 'x' }, reason: 'mitigated', description: 'd' }],
        },
        stability: 'yes',
      },
    }
    const { exclusions, warnings } = parseMeterianFile(JSON.stringify(bad))
    expect(exclusions).toHaveLength(1)
    expect(warnings).toEqual([
      { path: 'exclusions.security.advices[0].description', message: DESCRIPTION_REQUIRED },
      { path: 'exclusions.security.advices[1]', message: 'an exclusion must be a JSON object' },
      {
        path: 'exclusions.security.cves[0].reason',
        message: expect.stringContaining("unknown reason 'because'"),
      },
      { path: 'exclusions.security.libraries[0].library.language', message: "unknown language 'cobol'" },
      { path: 'exclusions.stability', message: 'must be an object' },
    ])
  })

  it('answers a warning, not a throw, for text that is not JSON', () => {
    const r = parseMeterianFile('{ nope')
    expect(r.exclusions).toEqual([])
    expect(r.warnings[0]?.path).toBe('$')
  })
})

describe('writeMeterianFile', () => {
  const fromFile = parseMeterianFile(JSON.stringify(file)).exclusions
  const own: Exclusion = {
    id: 'u1',
    source: 'security:cves',
    cve: 'CVE-2025-9',
    version: '1.2.3',
    reason: 'unapplicable',
    description: 'server side only',
    transitive: false,
    readonly: false,
    creatorUuid: null,
    scope: 'branch',
  }

  it('writes only removable exclusions unless full, in the file layout', () => {
    expect(writeMeterianFile([...fromFile, own])).toEqual({
      exclusions: {
        security: {
          advices: [],
          cves: [
            {
              cve: 'CVE-2025-9',
              version: '1.2.3',
              reason: 'unapplicable',
              description: 'server side only',
              transitive: false,
            },
          ],
          libraries: [],
        },
        stability: { libraries: [] },
        licensing: { libraries: [] },
      },
    })
  })

  it('round-trips the full variant through the reader', () => {
    const written = writeMeterianFile([...fromFile, own], { full: true })
    const again = parseMeterianFile(JSON.stringify(written)).exclusions
    const strip = (e: Exclusion) => ({ ...e, id: '', readonly: true })
    expect(again.map(strip)).toEqual(expect.arrayContaining([...fromFile, own].map(strip)))
    expect(again).toHaveLength(7)
  })
})
