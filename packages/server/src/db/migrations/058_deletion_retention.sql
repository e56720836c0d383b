-- Retention of deletion requests (spec report-page §9 "deleted within 6 months per data terms"; issue 20
-- "Storage that does not grow without bound"): the `retention.deletion-requests` job marks each request
-- it carried out, and how many reports it deleted; a request is due when `delete_by` has passed.
ALTER TABLE deletion_requests
  ADD COLUMN completed_at timestamptz,
  ADD COLUMN reports_deleted integer;
CREATE INDEX deletion_requests_due ON deletion_requests (delete_by) WHERE completed_at IS NULL;
