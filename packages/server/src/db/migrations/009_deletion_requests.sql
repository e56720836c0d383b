-- Deletion requests of live scan reports (spec report-page §7, §9 "deleted within 6 months per data
-- terms"): recorded here for the system administrators instead of a third-party form service.
CREATE TABLE deletion_requests (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text,
  email text NOT NULL,
  website text,
  reason text,
  production boolean NOT NULL DEFAULT true,
  requester_membership uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  delete_by timestamptz NOT NULL
);
CREATE INDEX deletion_requests_created ON deletion_requests (created_at DESC);
