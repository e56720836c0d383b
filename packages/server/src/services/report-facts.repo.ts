// Report facts in storage (issue 20; DESIGN §2; migration 047): written in the transaction that stores the
// report, read by the account-wide views (resources/insights/insights.repo.ts) instead of documents.
import type { ReportDocument } from '@sextant/engine'
import type { DbClient } from '../db/connection'
import { reportFacts } from './report-facts'

/**
 * A text[] from parameter $`n` sent as a JSON array of strings: one JSON.stringify instead of the driver
 * escaping each of a report's 1,000+ component names, versions and languages into an array literal
 * (issue 16 acceptance 6: ~0.5 ms of the server's main thread per live re-check); same elements, same order.
 */
const textArray = (n: number) =>
  `ARRAY(SELECT x FROM json_array_elements_text($${n}::json) WITH ORDINALITY AS t(x, i) ORDER BY i)`

/**
 * Stores the facts of a report just inserted (reports.repo.ts insertReport calls it for every report, from
 * every path: analyses, recompute, live re-check, re-assessment, failed reports): one statement, one round
 * trip, the findings as one multi-row insert from arrays. The branch's head moves to this report unless a
 * newer one (created_at, then uuid) is already there, so reports stored out of order keep the newest; its
 * change count moves either way (the views' trends show every report).
 */
export async function insertReportFacts(client: DbClient, doc: ReportDocument): Promise<void> {
  const f = reportFacts(doc)
  const column = <K extends keyof (typeof f.findings)[number]>(k: K) => f.findings.map((x) => x[k])
  await client.query(
    `WITH facts AS (
       INSERT INTO report_facts (report_uuid, stability_patch, stability_minor, stability_major, licensing_forbidden,
                                 licensing_undeclared, languages, names, versions)
       VALUES ($1, $4, $5, $6, $7, $8, ${textArray(9)}, ${textArray(10)}, ${textArray(11)})
     ), head AS (
       INSERT INTO branch_heads AS h (project_uuid, branch, report_uuid, created_at) VALUES ($2, $3, $1, $12)
       ON CONFLICT (project_uuid, branch) DO UPDATE SET
         report_uuid = CASE WHEN (h.created_at, h.report_uuid) < (excluded.created_at, excluded.report_uuid)
                            THEN excluded.report_uuid ELSE h.report_uuid END,
         created_at = greatest(h.created_at, excluded.created_at),
         changes = h.changes + 1
     )
     INSERT INTO report_findings (report_uuid, position, ordinal, language, name, version, advisory_id, cve, severity,
                                  cvss, epss, exploited, excluded)
     SELECT $1, * FROM unnest($13::int[], $14::int[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[],
                              $20::text[], $21::float8[], $22::float8[], $23::bool[], $24::bool[])`,
    [
      f.reportUuid,
      f.projectUuid,
      f.branch,
      f.stability.patch,
      f.stability.minor,
      f.stability.major,
      f.licensing.forbidden,
      f.licensing.undeclared,
      JSON.stringify(f.components.map((c) => c.language)),
      JSON.stringify(f.components.map((c) => c.name)),
      JSON.stringify(f.components.map((c) => c.version)),
      f.createdAt,
      column('position'),
      column('ordinal'),
      column('language'),
      column('name'),
      column('version'),
      column('advisoryId'),
      column('cve'),
      column('severity'),
      column('cvss'),
      column('epss'),
      column('exploited'),
      column('excluded'),
    ],
  )
}
