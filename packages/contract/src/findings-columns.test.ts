// The findings table's column-wise answer (issue 19 acceptance 4): rows round-trip through the columns
// with each text once, and the hand-written checks refuse what zod's per-element schemas refused (a
// short column, an index outside the strings, a severity or state not in its list, a flag not 0 or 1).
import { describe, expect, it } from 'vitest'
import { type FindingRowDto, findingColumnsOf, findingRowsOf, findingsAnswerSchema } from './findings-columns'
import { openApiDocument } from './openapi'

const row = (over: Partial<FindingRowDto>): FindingRowDto => {
  const r: FindingRowDto = {
    key: '',
    name: 'lodash',
    language: 'nodejs',
    version: '4.17.20',
    adviceId: 'GHSA-x',
    cve: null,
    title: 'Prototype pollution',
    severity: 'HIGH',
    cvss: null,
    epss: null,
    kev: false,
    safeVersion: null,
    direct: true,
    scope: 'prod',
    state: 'not_set',
    justification: null,
    excluded: false,
    expired: null,
    isNew: false,
    introducedThrough: '',
    ...over,
  }
  return { ...r, key: `${r.language}/${r.name}@${r.version}#${r.adviceId}` }
}

const rows = [
  row({ cve: 'CVE-2021-23337', cvss: 7.2, epss: 0.0123, kev: true, safeVersion: '4.17.21', isNew: true }),
  row({
    name: 'minimist',
    version: '0.0.8',
    adviceId: 'GHSA-y',
    severity: 'CRITICAL',
    direct: false,
    scope: 'dev',
    state: 'not_affected',
    justification: 'code_not_reachable',
    excluded: true,
    expired: '2026-01-01',
    introducedThrough: 'mkdirp@0.5.1 › minimist@0.0.8',
  }),
  row({ adviceId: 'GHSA-z', cvss: 0 }),
]
const answer = () => ({ reportUuid: 'r-1', hasPrevious: true, ...findingColumnsOf(rows) })

describe('findings columns', () => {
  it('round-trips the rows, keys included, with each text once', () => {
    const wire = answer()
    expect(wire.strings.filter((s) => s === 'lodash')).toHaveLength(1)
    expect(wire.columns.cve).toEqual([wire.strings.indexOf('CVE-2021-23337'), -1, -1])
    const parsed = findingsAnswerSchema.parse(JSON.parse(JSON.stringify(wire)))
    expect(findingRowsOf(parsed)).toEqual(rows)
    expect(findingRowsOf(findingsAnswerSchema.parse({ ...answer(), ...findingColumnsOf([]) }))).toEqual([])
  })

  it.each([
    ['a column shorter than count', (a: ReturnType<typeof answer>) => a.columns.name.pop(), 'columns.name'],
    [
      'an index past the strings',
      (a: ReturnType<typeof answer>) => (a.columns.title[1] = 99),
      'columns.title.1',
    ],
    [
      '-1 in a column that has no null',
      (a: ReturnType<typeof answer>) => (a.columns.version[0] = -1),
      'columns.version.0',
    ],
    ['a fraction as an index', (a: ReturnType<typeof answer>) => (a.columns.cve[2] = 0.5), 'columns.cve'],
    [
      'a severity outside its list',
      (a: ReturnType<typeof answer>) => (a.columns.severity[2] = a.columns.name[0]!),
      'columns.severity.2',
    ],
    [
      'a state outside its list',
      (a: ReturnType<typeof answer>) => (a.columns.state[0] = a.columns.scope[0]!),
      'columns.state.0',
    ],
    [
      'a flag that is not 0 or 1',
      (a: ReturnType<typeof answer>) => ((a.columns.kev as number[])[0] = 2),
      'columns.kev',
    ],
    [
      'a score that is text',
      (a: ReturnType<typeof answer>) => ((a.columns.cvss as unknown[])[0] = '7.2'),
      'columns.cvss',
    ],
    [
      'a text that is a number',
      (a: ReturnType<typeof answer>) => ((a.strings as unknown[])[0] = 1),
      'strings',
    ],
  ])('refuses %s', (_, spoil, path) => {
    const wire = answer()
    spoil(wire)
    const result = findingsAnswerSchema.safeParse(wire)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })

  it('describes the columns in OpenAPI as arrays', () => {
    const doc = openApiDocument({ version: '0' }) as {
      paths: Record<string, { get: { responses: { 200: { content: Record<string, { schema: unknown }> } } } }>
    }
    const schema = doc.paths['/api/v2/findings/{projectId}/{branch}']!.get.responses[200].content[
      'application/json'
    ]!.schema as { properties: { strings: unknown; columns: { properties: Record<string, unknown> } } }
    expect(schema.properties.strings).toEqual({ type: 'array', items: { type: 'string' } })
    expect(schema.properties.columns.properties.severity).toMatchObject({
      type: 'array',
      items: { type: 'integer', minimum: -1 },
    })
    expect(Object.keys(schema.properties.columns.properties)).toHaveLength(19)
  })
})
