-- Report services (issue 6): exclusions per project+branch and account-wide (spec report-page §3
-- Exclusion), the commit and `.meterian` file of an analysis, CI builds with their uploaded files, and
-- the outcome stored per project and branch (product-notes "How scans reach the server").

CREATE TABLE exclusions (
  id text PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  -- NULL project (and branch): an account-wide exclusion
  project_uuid uuid REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text,
  source text NOT NULL,
  -- the engine's Exclusion (id, source, key, version, reason, description, transitive, ...)
  entry jsonb NOT NULL,
  -- read from the repository's .meterian file: replaced by every analysis that reads the file
  readonly boolean NOT NULL DEFAULT false,
  creator_uuid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((project_uuid IS NULL) = (branch IS NULL))
);
CREATE INDEX exclusions_project_branch ON exclusions (project_uuid, branch, created_at);
CREATE INDEX exclusions_account_wide ON exclusions (account_uuid, created_at) WHERE project_uuid IS NULL;

ALTER TABLE analyses ADD COLUMN commit text;
-- the .meterian file as uploaded or cloned (NULL: none); recompute copies it from the analysis it re-runs
ALTER TABLE analyses ADD COLUMN exclusions_file text;

CREATE TABLE builds (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  -- OPEN until started; afterwards the state follows the analysis
  started boolean NOT NULL DEFAULT false,
  analysis_uuid uuid REFERENCES analyses (uuid) ON DELETE SET NULL,
  error text,
  creator_uuid text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX builds_project ON builds (project_uuid, created_at DESC);

CREATE TABLE build_files (
  build_uuid uuid NOT NULL REFERENCES builds (uuid) ON DELETE CASCADE,
  path text NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (build_uuid, path)
);

CREATE TABLE branch_outcomes (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('PASS', 'FAIL', 'UNDECLARED')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_uuid, branch)
);
