-- Downloads and badges (spec report-page §3 Report.downloadKey, §7 downloads and badges; accounts-and-api
-- §7 "Report export (eras)"; DESIGN §1 Scaled: export files live in the database so any process serves them).

-- The key that lets a report's download link work without signing in (spec §5 download availability).
ALTER TABLE reports ADD COLUMN download_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

-- A per-project random key that private projects' badge URLs carry (?key=).
ALTER TABLE projects ADD COLUMN badge_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

CREATE TABLE exports (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  report_uuid uuid NOT NULL REFERENCES reports (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  format text NOT NULL,
  status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  progress integer NOT NULL DEFAULT 0,
  message text,
  download_key text NOT NULL,
  file_name text,
  content_type text,
  content bytea,
  size integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX exports_expires ON exports (expires_at);
-- Repeated requests for the same file of the same report reuse a finished or running export.
CREATE INDEX exports_report_format ON exports (report_uuid, format, created_at DESC);
