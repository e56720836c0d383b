// The advisory store's library lookups (spec accounts-and-api §7 "Vulnerabilities and languages";
// issue 9 "Library lookups"): one page of the advisories naming packages of an ecosystem, filtered in
// SQL, and the records carrying one identifier (id or alias) with the records they alias.
import {
  cveFirst,
  type Ecosystem,
  normalisePackageName,
  type OsvRecord,
  parseOsvRecord,
} from '@sextant/engine'
import type { Db } from '../db/connection'
import { facetsOf } from './advisories.repo'
import { encodeListCursor, type ListCursor } from './list-cursor'

export interface AdvisoryListFilters {
  limit: number
  offset: number
  severity?: readonly string[] | undefined
  cwe?: string | undefined
  package?: string | undefined
  q?: string | undefined
  modifiedSince?: string | undefined
  includeWithdrawn?: boolean | undefined
  /** Keyset paging: the page starts after this advisory (`offset` then counts from it). */
  after?: ListCursor | undefined
}

export interface AdvisoryListRow {
  id: string
  aliases: string[]
  summary: string
  severity: string
  cvss: number | null
  cwes: string[]
  packages: string[]
  published: string | null
  modified: string | null
  withdrawn: string | null
}

/** Fills severity and CVSS of rows stored before migration 016, in batches; answers how many. */
export async function fillAdvisoryFacets(db: Db, batch = 2000): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = await db.query<{ id: string; raw: unknown }>(
      'SELECT id, raw FROM advisories WHERE severity IS NULL ORDER BY id LIMIT $1',
      [batch],
    )
    if (rows.rows.length === 0) return filled
    const facets = rows.rows.map(({ id, raw }) => {
      const parsed = parseOsvRecord(raw)
      // A row that no longer parses is never matched; 'NONE' keeps it from being read again.
      return { id, ...(parsed.ok ? facetsOf(parsed.record) : { severity: 'NONE', cvss: null }) }
    })
    await db.query(
      `UPDATE advisories a SET severity = x.severity, cvss = x.cvss
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, severity text, cvss real) WHERE a.id = x.id`,
      [JSON.stringify(facets)],
    )
    filled += facets.length
  }
}

/** `%text%` for ILIKE, its wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const cweIdsSql = `CASE jsonb_typeof(a.raw->'database_specific'->'cwe_ids')
  WHEN 'array' THEN a.raw->'database_specific'->'cwe_ids' ELSE '[]'::jsonb END`

/**
 * The listing's SQL for an ecosystem and filters: how many match (`countSql` with `countArgs`) and one
 * page of them (`pageSql` with `args`, newest `modified` first, through the advisories_modified index).
 * Every filter but `q` is an index condition (advisory_packages' key, migration 077's CWE index). After a
 * cursor, the page reads on from it: `modified <= cursor` starts the index scan there (a condition the
 * index serves, where an OR of the two sort keys would be a filter over every row before it), then the
 * records without a `modified`, which sort last.
 */
export function advisoryListSql(
  ecosystem: Ecosystem,
  filters: AdvisoryListFilters,
): { countSql: string; countArgs: unknown[]; pageSql: string; args: unknown[] } {
  const args: unknown[] = [ecosystem]
  const arg = (value: unknown) => {
    args.push(value)
    return `$${args.length}`
  }
  const where: string[] = []
  const packageName = filters.package === undefined ? null : normalisePackageName(ecosystem, filters.package)
  where.push(`EXISTS (SELECT 1 FROM advisory_packages p WHERE p.advisory_id = a.id AND p.ecosystem = $1
    ${packageName === null ? '' : `AND p.name = ${arg(packageName)}`})`)
  if (filters.severity && filters.severity.length > 0)
    where.push(`a.severity = ANY(${arg([...filters.severity])}::text[])`)
  if (filters.cwe !== undefined)
    where.push(`sx_advisory_cwes(a.raw) @> ARRAY[${arg(filters.cwe.toUpperCase())}::text]`)
  if (filters.q !== undefined) {
    const q = arg(containing(filters.q))
    where.push(`(a.id ILIKE ${q} OR a.raw->>'summary' ILIKE ${q}
      OR EXISTS (SELECT 1 FROM unnest(a.aliases) x WHERE x ILIKE ${q}))`)
  }
  if (filters.modifiedSince !== undefined)
    where.push(`a.modified >= ${arg(filters.modifiedSince)}::timestamptz`)
  if (!filters.includeWithdrawn) where.push('a.withdrawn IS NULL')
  const whereSql = where.join(' AND ')
  const countArgs = [...args]
  const countSql = `SELECT count(*)::int AS n FROM advisories a WHERE ${whereSql}`
  const order = 'ORDER BY a.modified DESC NULLS LAST, a.id'
  let from = `advisories a WHERE ${whereSql}`
  const after = filters.after
  if (after !== undefined) {
    const id = arg(after.id)
    const reach = arg(filters.limit + filters.offset)
    const parts: string[] = []
    if (after.modified !== null) {
      const m = `${arg(after.modified)}::timestamptz`
      parts.push(`(SELECT a.* FROM advisories a WHERE ${whereSql}
          AND a.modified <= ${m} AND (a.modified < ${m} OR a.id > ${id}) ${order} LIMIT ${reach})`)
    }
    parts.push(`(SELECT a.* FROM advisories a WHERE ${whereSql} AND a.modified IS NULL
        ${after.modified === null ? `AND a.id > ${id}` : ''} ${order} LIMIT ${reach})`)
    from = `(${parts.join(' UNION ALL ')}) a`
  }
  const pageSql = `SELECT a.id, a.aliases, a.raw->>'summary' AS summary, left(a.raw->>'details', 400) AS details,
       a.severity, a.cvss, ${cweIdsSql} AS cwes,
       ARRAY(SELECT p.name FROM advisory_packages p WHERE p.advisory_id = a.id AND p.ecosystem = $1
             ORDER BY p.name) AS packages,
       a.published, a.modified, a.withdrawn,
       to_char(a.modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS modified_key
     FROM ${from}
     ${order}
     LIMIT ${arg(filters.limit)} OFFSET ${arg(filters.offset)}`
  return { countSql, countArgs, pageSql, args }
}

/** How many advisories of an ecosystem match the filters (paging ignored). */
export async function countAdvisoryList(
  db: Db,
  ecosystem: Ecosystem,
  filters: AdvisoryListFilters,
): Promise<number> {
  const { countSql, countArgs } = advisoryListSql(ecosystem, filters)
  const count = await db.query<{ n: number }>(countSql, countArgs)
  return count.rows[0]?.n ?? 0
}

/**
 * One page of the advisories of an ecosystem, newest `modified` first, with the cursor of the page after
 * it (null when this page is not full: nothing follows).
 */
export async function pageAdvisoryList(
  db: Db,
  ecosystem: Ecosystem,
  filters: AdvisoryListFilters,
): Promise<{ rows: AdvisoryListRow[]; next: string | null }> {
  const { pageSql, args } = advisoryListSql(ecosystem, filters)
  const page = await db.query<{
    id: string
    aliases: string[]
    summary: string | null
    details: string | null
    severity: string | null
    cvss: number | null
    cwes: unknown
    packages: string[]
    published: Date | string | null
    modified: Date | string | null
    withdrawn: Date | string | null
    modified_key: string | null
  }>(pageSql, args)
  const last = page.rows.at(-1)
  const next =
    last !== undefined && page.rows.length === filters.limit
      ? encodeListCursor({ modified: last.modified_key, id: last.id })
      : null
  const rows = page.rows.map((r) => ({
    id: r.id,
    aliases: cveFirst(r.aliases.filter((x) => x !== r.id)),
    summary: summaryOf(r.summary, r.details),
    severity: r.severity ?? 'NONE',
    cvss: r.cvss === null ? null : Math.round(Number(r.cvss) * 10) / 10,
    cwes: cwesOf(r.cwes),
    packages: r.packages,
    published: isoOf(r.published),
    modified: isoOf(r.modified),
    withdrawn: isoOf(r.withdrawn),
  }))
  return { rows, next }
}

/** The summary, or the first line of the details when the record has none. */
function summaryOf(summary: string | null, details: string | null): string {
  const own = summary?.trim() ?? ''
  if (own !== '') return own
  const first = (details ?? '').trim().split('\n')[0] ?? ''
  return first.length > 200 ? `${first.slice(0, 199)}…` : first
}

function cwesOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  const ids = raw.filter((c): c is string => typeof c === 'string').map((c) => c.trim().toUpperCase())
  return [...new Set(ids.filter((c) => /^CWE-\d+$/.test(c)))]
}

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/**
 * The records of an ecosystem ($1) whose id or an alias is $2 (upper case), with the records sharing an
 * identifier with them (one hop: a GHSA and the CVE or PYSEC record it aliases), in one statement. Each
 * condition is an index probe (migration 115: upper(id), and a GIN index on sx_upper_all(aliases)), the
 * hop's identifiers passed to the second probe as an array, never a scan. The second ecosystem check is
 * kept a per-row probe (OFFSET 0 stops PostgreSQL from turning it into a join): the planner cannot know
 * how many records the hop finds, guesses thousands, and hashed every advisory_packages row of the
 * ecosystem instead (30,000 at OSV's size, 64 ms).
 */
export const identifierLookupSql = `WITH direct AS (
    SELECT a.id, a.aliases FROM advisories a
    WHERE (upper(a.id) = $2 OR sx_upper_all(a.aliases) && ARRAY[$2::text])
      AND EXISTS (SELECT 1 FROM advisory_packages p WHERE p.advisory_id = a.id AND p.ecosystem = $1)
  )
  SELECT a.raw FROM advisories a
  WHERE (upper(a.id) = ANY(ARRAY(SELECT upper(x) FROM direct d, unnest(d.aliases || d.id) AS x))
      OR sx_upper_all(a.aliases) && ARRAY(SELECT upper(x) FROM direct d, unnest(d.aliases || d.id) AS x))
    AND EXISTS (SELECT 1 FROM advisory_packages p WHERE p.advisory_id = a.id AND p.ecosystem = $1 OFFSET 0)
  ORDER BY a.id`

/**
 * The records of an ecosystem whose id or an alias is `identifier` (case-insensitive), with the
 * records sharing an identifier with them.
 */
export async function recordsByIdentifier(
  db: Db,
  ecosystem: Ecosystem,
  identifier: string,
): Promise<OsvRecord[]> {
  // Not a named statement: the embedded database serves every connection from one backend, where a
  // second connection preparing the same name fails.
  const rows = await db.query<{ raw: unknown }>(identifierLookupSql, [ecosystem, identifier.toUpperCase()])
  return rows.rows.flatMap(({ raw }) => {
    const parsed = parseOsvRecord(raw)
    return parsed.ok ? [parsed.record] : []
  })
}
