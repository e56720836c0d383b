-- Issue 16 acceptance 6 (live re-check of many branches): each report's baseline, what the next report's
-- delta reads of it (its outcome and its findings with CVE, KEV and EPSS; engine deltaBaseline), written
-- with the report, so that storing a live re-check no longer reads the previous report's ~1 MB document
-- back and expands it in SQL. A report without a row (stored before this table) is read from its document
-- as before. Numbered before report_deltas (075) as the free number allowed: it needs only reports.
CREATE TABLE report_baselines (
  report_uuid uuid PRIMARY KEY REFERENCES reports (uuid) ON DELETE CASCADE,
  baseline jsonb NOT NULL
);
