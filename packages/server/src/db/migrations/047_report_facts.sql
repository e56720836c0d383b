-- Account-wide views from facts, not documents (issue 20; DESIGN §2 "finding rows are normalised beside
-- them"): what insights, the dashboard, security metrics and project summaries read of a report, written
-- with the report in the transaction that stores it (services/report-facts.repo.ts insertReportFacts), so
-- that those views never expand JSONB documents and cost the same however many reports a branch keeps.
-- * report_facts: one row per report: its stability and licensing counts and its security components in
--   document order (position i is element i of the three arrays), for insights with all=true.
-- * report_findings: one row per security advice of a component (position as above, ordinal within the
--   component's advices), with whether the advice is excluded.
-- * branch_heads: the newest report of every branch (newest by created_at, then uuid, as every history
--   reads it), so "the latest report of each branch" is one row per branch, not a scan of its history;
--   `changes` counts the reports stored on the branch or removed from it, for the views' cache stamp.
-- Existing reports are backfilled from their documents with the expressions the views used before.

CREATE TABLE report_facts (
  report_uuid uuid PRIMARY KEY REFERENCES reports (uuid) ON DELETE CASCADE,
  stability_patch integer NOT NULL,
  stability_minor integer NOT NULL,
  stability_major integer NOT NULL,
  licensing_forbidden integer NOT NULL,
  licensing_undeclared integer NOT NULL,
  languages text[] NOT NULL,
  names text[] NOT NULL,
  versions text[] NOT NULL
);

CREATE TABLE report_findings (
  report_uuid uuid NOT NULL REFERENCES reports (uuid) ON DELETE CASCADE,
  position integer NOT NULL,
  ordinal integer NOT NULL,
  language text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  advisory_id text NOT NULL,
  cve text,
  severity text,
  cvss double precision,
  epss double precision,
  exploited boolean NOT NULL,
  excluded boolean NOT NULL,
  PRIMARY KEY (report_uuid, position, ordinal)
);
CREATE INDEX report_findings_advisory ON report_findings (advisory_id);

CREATE TABLE branch_heads (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  report_uuid uuid NOT NULL REFERENCES reports (uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- reports stored on (or removed from) the branch since: part of the account views' cache stamp
  changes bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (project_uuid, branch)
);
CREATE INDEX branch_heads_report ON branch_heads (report_uuid);

-- Every security component of every stored report, numbered in document order from 1.
CREATE TEMPORARY TABLE sx_components ON COMMIT DROP AS
SELECT r.uuid AS report_uuid,
       row_number() OVER (PARTITION BY r.uuid ORDER BY s.i, c.j)::integer AS position,
       coalesce(c.value->'dependency'->'library'->>'language', '') AS language,
       coalesce(c.value->'dependency'->'library'->>'name', '') AS name,
       coalesce(c.value->'dependency'->>'version', '') AS version,
       c.value->'advices' AS advices
FROM reports r
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(r.document->'security'->'assessments') = 'array'
         THEN r.document->'security'->'assessments' ELSE '[]'::jsonb END) WITH ORDINALITY s(value, i)
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(s.value->'reports') = 'array' THEN s.value->'reports' ELSE '[]'::jsonb END)
    WITH ORDINALITY c(value, j);

INSERT INTO report_facts (report_uuid, stability_patch, stability_minor, stability_major, licensing_forbidden,
                          licensing_undeclared, languages, names, versions)
SELECT r.uuid,
       coalesce((r.document->'stability'->'summary'->>'patch')::int, 0),
       coalesce((r.document->'stability'->'summary'->>'minor')::int, 0),
       coalesce((r.document->'stability'->'summary'->>'major')::int, 0),
       coalesce((r.document->'licensing'->'summary'->>'forbiddenWithoutExclusion')::int, 0),
       coalesce((r.document->'licensing'->'summary'->>'undeclaredWithoutExclusion')::int, 0),
       coalesce((SELECT array_agg(c.language ORDER BY c.position) FROM sx_components c WHERE c.report_uuid = r.uuid), '{}'),
       coalesce((SELECT array_agg(c.name ORDER BY c.position) FROM sx_components c WHERE c.report_uuid = r.uuid), '{}'),
       coalesce((SELECT array_agg(c.version ORDER BY c.position) FROM sx_components c WHERE c.report_uuid = r.uuid), '{}')
FROM reports r;

INSERT INTO report_findings (report_uuid, position, ordinal, language, name, version, advisory_id, cve, severity,
                             cvss, epss, exploited, excluded)
SELECT c.report_uuid, c.position, a.k::integer, c.language, c.name, c.version, coalesce(a.value->>'id', ''), a.value->>'cve',
       a.value->>'severity', (a.value->>'cvss')::double precision, (a.value->>'epss')::double precision,
       coalesce((a.value->'kevEntry'->>'exploited')::boolean, false),
       NOT (a.value->'exclusions' IS NULL OR a.value->'exclusions' = 'null'::jsonb)
FROM sx_components c
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(c.advices) = 'array' THEN c.advices ELSE '[]'::jsonb END) WITH ORDINALITY a(value, k)
WHERE a.value->>'type' = 'security';

INSERT INTO branch_heads (project_uuid, branch, report_uuid, created_at)
SELECT DISTINCT ON (project_uuid, branch) project_uuid, branch, uuid, created_at
FROM reports ORDER BY project_uuid, branch, created_at DESC, uuid DESC;
