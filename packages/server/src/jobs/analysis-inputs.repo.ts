// What an analysis reads of its account, project and branch besides its graph (DESIGN §3; issue 16
// acceptance 6), in one statement instead of ten: the account's configuration, licence policies, licence
// fixes and copyright texts, the project's tags, the exclusions in force (account-wide first, then the
// branch's own and its file's, as exclusionsInForce) and the branch's latest report (its exclusions
// fingerprint and what a live re-check may carry from it, as latestReportState and latestReportSections).
// Each part is read as its own repo reads it (same rows, same order), aggregated as JSON.
import type { Exclusion } from '@sextant/engine'
import type { Db } from '../db/connection'
import {
  type CopyrightRow,
  copyrightOf,
  type OverrideRow,
  overrideOf,
  type PolicyRow,
  policyOf,
  type StoredCopyright,
  type StoredOverride,
  type StoredPolicy,
} from '../resources/licences/licences.repo'

/** The branch's latest report as an analysis of the branch reads it. */
export interface LatestReport {
  uuid: string
  /** The exclusions fingerprint it was built with ('' before exclusions existed). */
  fingerprint: string
  /** What a live re-check may carry from it (migration 035); null when it has none (see latestReportSections). */
  lendable: { reportUuid: string; key: string; heads: unknown; builtFor: string } | null
}

export interface AnalysisInputs {
  /** The account's stored configuration column (configurationOf fills in the defaults). */
  configuration: unknown
  tags: string[]
  policies: StoredPolicy[]
  overrides: StoredOverride[]
  copyrights: StoredCopyright[]
  exclusions: Exclusion[]
  latest: LatestReport | null
}

interface LatestRow {
  uuid: string
  fingerprint: string | null
  carry_key: string | null
  heads: unknown
  built_for: string
}

/**
 * Reads the inputs. With `clearReadonly` (the analysis's `.meterian` file has no exclusions), the
 * branch's readonly exclusions are deleted in the same statement (replaceFileExclusions with none) and,
 * as the statement's reads see the rows as they were before it, left out of those in force.
 */
export async function readAnalysisInputs(
  db: Db,
  at: { accountUuid: string; projectUuid: string; branch: string; clearReadonly: boolean },
): Promise<AnalysisInputs> {
  const { rows } = await db.query<{
    configuration: unknown
    tags: string[]
    policies: PolicyRow[]
    overrides: OverrideRow[]
    copyrights: CopyrightRow[]
    account_exclusions: Exclusion[]
    branch_exclusions: Exclusion[]
    latest: LatestRow | null
  }>(
    `WITH cleared AS (
       DELETE FROM exclusions WHERE $4::boolean AND project_uuid = $2 AND branch = $3 AND readonly)
     SELECT
       (SELECT configuration FROM accounts WHERE uuid = $1) AS configuration,
       (SELECT coalesce(json_agg(t.name ORDER BY lower(t.name)), '[]') FROM tags t
          JOIN project_tags pt ON pt.tag_uuid = t.uuid WHERE pt.project_uuid = $2) AS tags,
       (SELECT coalesce(json_agg(p ORDER BY p.created_at, p.uuid), '[]') FROM licence_policies p
          WHERE p.account_uuid = $1) AS policies,
       (SELECT coalesce(json_agg(o ORDER BY o.language, o.name, o.version), '[]') FROM licence_overrides o
          WHERE o.account_uuid = $1) AS overrides,
       (SELECT coalesce(json_agg(c ORDER BY c.language, c.name, c.version), '[]') FROM copyright_overrides c
          WHERE c.account_uuid = $1) AS copyrights,
       (SELECT coalesce(json_agg(e.entry ORDER BY e.created_at, e.id), '[]') FROM exclusions e
          WHERE e.account_uuid = $1 AND e.project_uuid IS NULL) AS account_exclusions,
       (SELECT coalesce(json_agg(e.entry ORDER BY e.created_at, e.id), '[]') FROM exclusions e
          WHERE e.project_uuid = $2 AND e.branch = $3 AND NOT ($4::boolean AND e.readonly)) AS branch_exclusions,
       (SELECT row_to_json(l) FROM (
          SELECT uuid, coalesce(exclusions_fingerprint, document->>'exclusionsFingerprint') AS fingerprint,
                 CASE WHEN document_gz IS NOT NULL THEN carry_key END AS carry_key, sections_head AS heads,
                 coalesce(carried_from, uuid) AS built_for
          FROM reports WHERE project_uuid = $2 AND branch = $3 ORDER BY created_at DESC, uuid DESC LIMIT 1) l) AS latest`,
    [at.accountUuid, at.projectUuid, at.branch, at.clearReadonly],
  )
  const r = rows[0]!
  const l = r.latest
  return {
    configuration: r.configuration,
    tags: r.tags,
    policies: r.policies.map(policyOf),
    overrides: r.overrides.map(overrideOf),
    copyrights: r.copyrights.map(copyrightOf),
    exclusions: [...r.account_exclusions, ...r.branch_exclusions],
    latest: l
      ? {
          uuid: l.uuid,
          fingerprint: l.fingerprint ?? '',
          // (a report whose gzip'd document is gone, rewritten as JSONB, has nothing to copy)
          lendable: l.carry_key
            ? { reportUuid: l.uuid, key: l.carry_key, heads: l.heads, builtFor: l.built_for }
            : null,
        }
      : null,
  }
}
