// Advisory lookups of one language over HTTP on each storage mode (spec accounts-and-api §7
// "Vulnerabilities and languages"; issue 9 "Library lookups"): the corpus's npm and Maven advisories
// imported with one extra record aliasing a GHSA's CVE; listings checked against the engine's own
// reading of the same files (count, severity), paging, every filter, empty values ignored, 400 naming
// the bad parameter; one advisory by id or alias with every identifier; the dependency route's filters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { dependencyAdvicesSchema, vulnDetailSchema, vulnListSchema } from '@sextant/contract'
import { ecosystemOfOsv, type OsvRecord, parseOsvJsonl, severityOf } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importAdvisories } from '../../advisories'
import { fillAdvisoryFacets, identifierLookupSql } from '../../advisories/lookups.repo'
import { corpusDir } from '../../advisories/test-corpus'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance } from '../../testing/instance'

const extra = {
  id: 'OSV-TEST-0001',
  modified: '2020-01-01T00:00:00Z',
  aliases: ['CVE-2021-23337'],
  summary: 'Another source describing the lodash command injection',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
    },
  ],
}

function corpusRecords(name: string): OsvRecord[] {
  const text = gunzipSync(readFileSync(join(corpusDir, 'osv', `${name}.jsonl.gz`))).toString('utf8')
  return parseOsvJsonl(text, name).records
}

/** The engine's reading of what the store holds for npm: the oracle of the listing counts. */
const npmRecords = [...corpusRecords('npm'), ...parseOsvJsonl(JSON.stringify(extra), 'extra').records]
const namesNpm = (r: OsvRecord) => r.affected.some((a) => ecosystemOfOsv(a.package.ecosystem) === 'npm')
const liveNpm = npmRecords.filter((r) => namesNpm(r) && r.withdrawn === null)
const withdrawnNpm = npmRecords.filter((r) => namesNpm(r) && r.withdrawn !== null)

describe.each(storageModes())('advisory lookups on %s storage', (mode) => {
  let t: TestInstance
  let dir: string

  beforeAll(async () => {
    t = await startTestInstance(mode)
    dir = mkdtempSync(join(tmpdir(), 'sextant-vulns-'))
    writeFileSync(join(dir, 'extra.jsonl'), `${JSON.stringify(extra)}\n`)
    for (const file of [
      join(corpusDir, 'osv', 'npm.jsonl.gz'),
      join(corpusDir, 'osv', 'maven.jsonl.gz'),
      join(dir, 'extra.jsonl'),
    ]) {
      expect((await importAdvisories(t.sextant.db, file)).ok).toBe(true)
    }
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const get = async (path: string) => {
    const res = await fetch(`${t.url}${path}`)
    return { status: res.status, json: (await res.json()) as { message?: string } }
  }
  const list = async (query = '') => {
    const r = await get(`/api/v1/vulns/nodejs${query}`)
    expect(r.status, JSON.stringify(r.json)).toBe(200)
    return vulnListSchema.parse(r.json)
  }

  it('lists the live advisories of a language, newest modified first, 20 by default', async () => {
    const body = await list()
    expect(body).toMatchObject({ language: 'nodejs', total: liveNpm.length, limit: 20, offset: 0 })
    expect(body.advisories).toHaveLength(20)
    const modified = body.advisories.map((a) => a.modified ?? '')
    expect(modified).toEqual([...modified].sort().reverse())
    expect(body.advisories.every((a) => a.withdrawn === null && a.packages.length > 0)).toBe(true)
  })

  it('pages with limit and offset without overlap, to the end', async () => {
    const first = await list('?limit=7')
    const second = await list('?limit=7&offset=7')
    const firstIds = new Set(first.advisories.map((a) => a.id))
    expect(second.advisories).toHaveLength(7)
    expect(second.advisories.some((a) => firstIds.has(a.id))).toBe(false)
    const last = await list(`?limit=500&offset=${liveNpm.length - 3}`)
    expect(last.advisories).toHaveLength(3)
    expect((await list(`?offset=${liveNpm.length}`)).advisories).toEqual([])
  })

  it('pages with after= (keyset) through every advisory as offset paging does; a bad cursor answers 400', async () => {
    const everything = (await list('?limit=500&includeWithdrawn=true')).advisories.map((a) => a.id)
    expect(everything.length).toBe(liveNpm.length + withdrawnNpm.length)
    const seen: string[] = []
    let after: string | null = null
    for (let pages = 0; pages < 100; pages++) {
      const page = await list(`?limit=37&includeWithdrawn=true${after ? `&after=${after}` : ''}`)
      seen.push(...page.advisories.map((a) => a.id))
      after = page.next
      if (after === null) break
    }
    expect(seen).toEqual(everything)
    const first = await list('?limit=10&includeWithdrawn=true')
    const skipped = await list(`?limit=5&offset=3&includeWithdrawn=true&after=${first.next}`)
    expect(skipped.advisories.map((a) => a.id)).toEqual(everything.slice(13, 18))
    expect((await list(`?limit=500&offset=${everything.length - 2}`)).next).toBeNull()
    for (const bad of ['bm90IGEgY3Vyc29y', 'a%20b', Buffer.from('["2020-01-01",""]').toString('base64url')]) {
      const r = await get(`/api/v1/vulns/nodejs?after=${bad}`)
      expect(r.status, bad).toBe(400)
      expect(r.json.message, bad).toContain('after must be the next value of a previous page')
    }
  })

  it('filters by severity as the engine rates the records', async () => {
    const body = await list('?severity=critical,HIGH&limit=500')
    const want = liveNpm.filter((r) => ['CRITICAL', 'HIGH'].includes(severityOf(r)))
    expect(body.total).toBe(want.length)
    expect(body.advisories.map((a) => a.id).sort()).toEqual(want.map((r) => r.id).sort())
    const moderate = await list('?severity=moderate&limit=1')
    expect(moderate.total).toBe(liveNpm.filter((r) => severityOf(r) === 'MEDIUM').length)
  })

  it('filters by package, CWE, text and modified date; withdrawn ones only when asked', async () => {
    const lodash = await list('?package=lodash&limit=500')
    expect(lodash.total).toBeGreaterThan(0)
    expect(lodash.advisories.every((a) => a.packages.includes('lodash'))).toBe(true)
    expect(lodash.advisories.map((a) => a.id)).toContain('GHSA-35jh-r3h4-6jhm')

    const cwe = await list('?cwe=1321&limit=500')
    expect(cwe.total).toBe(
      liveNpm.filter((r) => r.cweIds.map((c) => c.toUpperCase()).includes('CWE-1321')).length,
    )
    expect(cwe.advisories.every((a) => a.cwes.includes('CWE-1321'))).toBe(true)

    const text = await list('?q=cve-2021-23337')
    expect(text.advisories.map((a) => a.id).sort()).toEqual(['GHSA-35jh-r3h4-6jhm', 'OSV-TEST-0001'])
    const injection = text.advisories.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!
    expect(injection).toMatchObject({ cve: 'CVE-2021-23337', severity: 'HIGH' })
    expect(injection.aliases[0]).toBe('CVE-2021-23337')
    expect((await list('?q=100%25')).total).toBe(0)

    expect((await list('?modifiedSince=2999-01-01')).total).toBe(0)
    const since = '2024-01-01'
    expect((await list(`?modifiedSince=${since}`)).total).toBe(
      liveNpm.filter((r) => r.modified !== null && r.modified >= since).length,
    )

    expect(withdrawnNpm.length).toBeGreaterThan(0)
    expect((await list('?includeWithdrawn=true')).total).toBe(liveNpm.length + withdrawnNpm.length)
  })

  it('ignores empty values and keeps the default limit and offset', async () => {
    const body = await list('?severity=&package=&cwe=&q=&modifiedSince=&includeWithdrawn=&limit=&offset=')
    expect(body).toMatchObject({ total: liveNpm.length, limit: 20, offset: 0 })
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['severity=urgent', 'severity'],
    ['cwe=xss', 'cwe'],
    ['modifiedSince=yesterday', 'modifiedSince'],
    ['includeWithdrawn=maybe', 'includeWithdrawn'],
  ])('answers 400 naming the parameter for %s', async (query, name) => {
    const r = await get(`/api/v1/vulns/nodejs?${query}`)
    expect(r.status).toBe(400)
    expect(r.json.message).toContain(name)
  })

  it('answers 404 for a language we do not know, and lists another language apart', async () => {
    expect((await get('/api/v1/vulns/cobol')).status).toBe(404)
    const java = vulnListSchema.parse((await get('/api/v1/vulns/java?limit=500')).json)
    expect(java.total).toBeGreaterThan(0)
    expect(java.advisories.every((a) => a.packages.every((p) => p.includes(':')))).toBe(true)
  })

  it('answers one advisory by id or by alias, the records aliasing each other as one', async () => {
    const byId = await get('/api/v1/vulns/nodejs/GHSA-35jh-r3h4-6jhm')
    expect(byId.status).toBe(200)
    const detail = vulnDetailSchema.parse(byId.json)
    expect(detail).toMatchObject({ id: 'GHSA-35jh-r3h4-6jhm', cve: 'CVE-2021-23337', severity: 'HIGH' })
    expect(detail.aliases).toEqual(['CVE-2021-23337', 'OSV-TEST-0001'])
    const lodash = detail.affected.find((a) => a.name === 'lodash')!
    expect(lodash.fixedInVersions).toContain('4.17.21')
    expect(lodash.ranges.length).toBeGreaterThan(0)
    expect(detail.links.some((l) => l.type === 'CVE')).toBe(true)
    expect(detail.description).not.toBe('')

    for (const alias of ['cve-2021-23337', 'OSV-TEST-0001', 'ghsa-35jh-r3h4-6jhm']) {
      const r = await get(`/api/v1/vulns/nodejs/${alias}`)
      expect(vulnDetailSchema.parse(r.json).id, alias).toBe('GHSA-35jh-r3h4-6jhm')
    }
  })

  it('looks an identifier up through indexes, never by reading every record (issue 20)', async () => {
    // With sequential scans priced out, the planner still scans when no index serves a condition.
    const client = await t.sextant.db.connect()
    try {
      await client.query('SET enable_seqscan = off')
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${identifierLookupSql}`, [
        'npm',
        'CVE-2021-23337',
      ])
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n')
      expect(text).toContain('advisories_upper_id')
      expect(text).toContain('advisories_upper_aliases')
      expect(text).not.toContain('Seq Scan on advisories')
    } finally {
      await client.query('RESET enable_seqscan')
      client.release()
    }
  })

  it('answers 404 for an identifier no advisory of that language carries', async () => {
    expect((await get('/api/v1/vulns/nodejs/CVE-1999-0000')).status).toBe(404)
    expect((await get('/api/v1/vulns/java/GHSA-35jh-r3h4-6jhm')).status).toBe(404)
  })

  it('fills severity and CVSS of rows stored before the facet columns existed', async () => {
    const before = await t.sextant.db.query<{ id: string; severity: string; cvss: number | null }>(
      'SELECT id, severity, cvss FROM advisories ORDER BY id',
    )
    await t.sextant.db.query('UPDATE advisories SET severity = NULL, cvss = NULL')
    expect(await fillAdvisoryFacets(t.sextant.db, 500)).toBe(before.rows.length)
    const after = await t.sextant.db.query('SELECT id, severity, cvss FROM advisories ORDER BY id')
    expect(after.rows).toEqual(before.rows)
  })

  it('filters the advices of one library version by severity, CWE and fixability', async () => {
    const path = '/api/v1/dependency/nodejs/lodash/4.17.20'
    const all = dependencyAdvicesSchema.parse((await get(path)).json).advices
    expect(all.map((a) => a.id).sort()).toEqual(['GHSA-29mw-wpgm-hmr9', 'GHSA-35jh-r3h4-6jhm'])
    expect(all.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!.aliases).toEqual([
      'CVE-2021-23337',
      'OSV-TEST-0001',
    ])
    const ids = async (query: string) =>
      dependencyAdvicesSchema.parse((await get(`${path}?${query}`)).json).advices.map((a) => a.id)
    const high = all.filter((a) => a.severity === 'HIGH').map((a) => a.id)
    expect(high.length).toBeGreaterThan(0)
    expect(await ids('severity=high')).toEqual(high)
    expect(await ids('fixable=true')).toHaveLength(2)
    expect(await ids('fixable=false')).toEqual([])
    expect(await ids('cwe=CWE-77')).toEqual(['GHSA-35jh-r3h4-6jhm'])
    expect(await ids('severity=&cwe=&fixable=')).toHaveLength(2)
    const bad = await get(`${path}?severity=urgent`)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain('severity')
  })
})
