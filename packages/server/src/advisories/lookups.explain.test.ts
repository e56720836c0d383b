// Every lookup of the advisory store by id, alias, package or CWE is an indexed query (issue 20 "A store the
// size of OSV"): on a real PostgreSQL (TEST_DATABASE_URL) with 40,000 seeded records, enough for the planner
// to prefer an index wherever one serves, EXPLAIN of each lookup's SQL shows the index it probes and no
// sequential scan of the advisories. Skipped without TEST_DATABASE_URL: the embedded database is the same
// PostgreSQL, but its plans are not what this checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import type { Db } from '../db/connection'
import { openDatabase } from '../db/open'
import { createTestDatabase, type TestDatabase } from '../testing/databases'
import { analyseAdvisoryTables, graphLookupSql, recordsByIdSql } from './advisories.repo'
import { decodeListCursor, encodeListCursor } from './list-cursor'
import { advisoryListSql, identifierLookupSql, pageAdvisoryList } from './lookups.repo'

const RECORDS = 40_000

describe.skipIf(!process.env.TEST_DATABASE_URL)('advisory lookups on a large store (EXPLAIN)', () => {
  let database: TestDatabase
  let db: Db
  let close: () => Promise<void>

  beforeAll(async () => {
    database = await createTestDatabase('external')
    const opened = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', ...database.env }))
    db = opened.db
    close = opened.close
    // Record g: id GHSA-<g>, alias CVE-2020-<g>, one CWE of 500, one package of 5,000 in npm or PyPI.
    await db.query(
      `INSERT INTO advisories (id, modified, published, aliases, raw, source, severity, cvss)
       SELECT 'GHSA-' || g, now() - g * interval '1 minute', now() - g * interval '1 minute',
         ARRAY['CVE-2020-' || g],
         jsonb_build_object('id', 'GHSA-' || g, 'summary', 'seeded record ' || g,
           'database_specific', jsonb_build_object('cwe_ids', jsonb_build_array('CWE-' || (g % 500)))),
         'seed', 'HIGH', 7.5
       FROM generate_series(1, $1::int) AS g`,
      [RECORDS],
    )
    await db.query(
      `INSERT INTO advisory_packages (ecosystem, name, advisory_id)
       SELECT CASE WHEN g % 4 = 0 THEN 'npm' ELSE 'pypi' END, 'pkg-' || (g % 5000), 'GHSA-' || g
       FROM generate_series(1, $1::int) AS g`,
      [RECORDS],
    )
    await analyseAdvisoryTables(db)
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await database?.dispose()
  })

  const plan = async (sql: string, args: unknown[]): Promise<string> => {
    const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, args)
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
  }

  const lookups: [string, () => { sql: string; args: unknown[]; index: string }[]][] = [
    ['id', () => [{ sql: identifierLookupSql, args: ['npm', 'GHSA-4000'], index: 'advisories_upper_id' }]],
    [
      'alias',
      () => [{ sql: identifierLookupSql, args: ['npm', 'CVE-2020-4000'], index: 'advisories_upper_aliases' }],
    ],
    [
      'package (an analysis: the graph, then the records missing from the cache)',
      () => [
        {
          sql: graphLookupSql,
          args: [
            ['npm', 'npm'],
            ['pkg-4', 'pkg-8'],
          ],
          index: 'advisory_packages_pkey',
        },
        { sql: recordsByIdSql, args: [['GHSA-4', 'GHSA-8']], index: 'advisories_pkey' },
      ],
    ],
    [
      'package (the listing filtered by package)',
      () => {
        const { countSql, pageSql, args } = advisoryListSql('npm', { limit: 20, offset: 0, package: 'pkg-4' })
        return [
          { sql: countSql, args: args.slice(0, -2), index: 'advisory_packages_pkey' },
          { sql: pageSql, args, index: 'advisory_packages_pkey' },
        ]
      },
    ],
    [
      'CWE (the listing filtered by CWE)',
      () => {
        const { countSql, args } = advisoryListSql('npm', { limit: 20, offset: 0, cwe: 'cwe-7' })
        return [{ sql: countSql, args: args.slice(0, -2), index: 'advisories_cwes' }]
      },
    ],
  ]

  it.each(lookups)('looks up by %s through an index, never reading every record', async (_what, queries) => {
    for (const { sql, args, index } of queries()) {
      const text = await plan(sql, args)
      expect(text, text).toContain(index)
      expect(text, text).not.toContain('Seq Scan on advisories')
    }
  })

  it('pages after a cursor through the modified index however deep, as OFFSET paging does', async () => {
    // 30 npm records without `modified`: they sort last, by id
    await db.query(
      `INSERT INTO advisories (id, raw, source, severity) SELECT 'NOMOD-' || lpad(g::text, 2, '0'), '{}', 'seed', 'LOW'
       FROM generate_series(1, 30) AS g`,
    )
    await db.query(
      `INSERT INTO advisory_packages (ecosystem, name, advisory_id)
       SELECT 'npm', 'pkg-nomod', 'NOMOD-' || lpad(g::text, 2, '0') FROM generate_series(1, 30) AS g`,
    )
    await analyseAdvisoryTables(db)
    const all = await db.query<{ id: string; modified_key: string | null }>(
      advisoryListSql('npm', { limit: 20_000, offset: 0 }).pageSql,
      advisoryListSql('npm', { limit: 20_000, offset: 0 }).args,
    )
    const ids = all.rows.map((r) => r.id)
    expect(ids).toHaveLength(RECORDS / 4 + 30)
    const cursorAt = (i: number) => ({ modified: all.rows[i]!.modified_key, id: all.rows[i]!.id })
    for (const at of [0, 9_000, RECORDS / 4 - 5, RECORDS / 4 + 3]) {
      const after = decodeListCursor(encodeListCursor(cursorAt(at)))!
      const { rows, next } = await pageAdvisoryList(db, 'npm', { limit: 20, offset: 0, after })
      expect(
        rows.map((r) => r.id),
        `after ${at}`,
      ).toEqual(ids.slice(at + 1, at + 21))
      expect(next === null, `after ${at}`).toBe(at + 21 > ids.length)
    }
    const deep = advisoryListSql('npm', { limit: 20, offset: 0, after: cursorAt(9_000) })
    const analysed = (
      await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${deep.pageSql}`, deep.args)
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n')
    expect(analysed, analysed).toMatch(
      /Index Scan using advisories_modified[^\n]*\n\s*Index Cond: \(modified <=/,
    )
    expect(analysed, analysed).not.toContain('Seq Scan on advisories')
    // the scan starts at the cursor: about 4 records read per npm record listed (1 in 4 names npm), not 36,000
    const read = Number(
      /Index Scan using advisories_modified[^\n]*actual[^\n]*rows=(\d+)/.exec(analysed)?.[1],
    )
    expect(read, analysed).toBeLessThan(200)
  })

  it('finds what the plans promise', async () => {
    const ids = async (sql: string, args: unknown[]) =>
      (await db.query<{ id?: string; raw?: { id: string } }>(sql, args)).rows.map((r) => r.id ?? r.raw!.id)
    // The identifier in upper case, as recordsByIdentifier passes it.
    expect(await ids(identifierLookupSql, ['npm', 'GHSA-4000'])).toEqual(['GHSA-4000'])
    expect(await ids(identifierLookupSql, ['npm', 'CVE-2020-4000'])).toEqual(['GHSA-4000'])
    expect(await ids(identifierLookupSql, ['pypi', 'CVE-2020-4000'])).toEqual([])
    const { countSql, args } = advisoryListSql('npm', { limit: 20, offset: 0, cwe: 'cwe-8' })
    // Records g ≡ 8 (mod 500) naming npm (g ≡ 0 mod 4): every one of them, 80 in all.
    expect((await db.query<{ n: number }>(countSql, args.slice(0, -2))).rows[0]!.n).toBe(RECORDS / 500)
  })
})
