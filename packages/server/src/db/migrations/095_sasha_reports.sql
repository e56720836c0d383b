-- Static-analysis reports (accounts-and-api §7 GET /api/v1/sasha/projects/{id}/report, issue 17): each
-- SARIF upload of a project branch as read (tool, rule count, results); the newest one is answered. The
-- account's isaac policies are applied when answering, so a changed policy applies to stored uploads.
CREATE TABLE sasha_reports (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  tool_name text NOT NULL,
  tool_version text,
  rules integer NOT NULL,
  results jsonb NOT NULL
);
CREATE INDEX sasha_reports_branch ON sasha_reports (project_uuid, branch, created_at DESC);
