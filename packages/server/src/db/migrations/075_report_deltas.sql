-- What each report has new since the previous report of its branch (issue 16 "Re-assessment on new data"):
-- written with the report in the transaction that stores it. `live` marks a live re-check: a report
-- recomputed from the stored graph because advisory data changed (analyses.source 'reassess'), no upload.
-- Notification rules read `delta` (new findings, newly KEV-listed, raised severity, outcome), never the
-- documents themselves.
CREATE TABLE report_deltas (
  report_uuid uuid PRIMARY KEY REFERENCES reports (uuid) ON DELETE CASCADE,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  previous_report_uuid uuid REFERENCES reports (uuid) ON DELETE SET NULL,
  live boolean NOT NULL,
  delta jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_deltas_branch ON report_deltas (project_uuid, branch, created_at DESC);
