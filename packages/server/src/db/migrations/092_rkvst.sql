-- The asset-tracking integration (DataTrails, formerly RKVST; accounts-and-api §7, issue 17): an account's
-- DataTrails application (the secret sealed at rest for the address it was saved for), the asset each
-- linked project branch has, the SBOMs published (blob, digest, state) and what was done, with results
-- (rkvst.repo keeps the last 200 entries per branch).
CREATE TABLE rkvst_credentials (
  account_uuid uuid PRIMARY KEY REFERENCES accounts (uuid) ON DELETE CASCADE,
  base_url text NOT NULL,
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rkvst_links (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  asset_identity text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_uuid, branch)
);

CREATE TABLE rkvst_sboms (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  report_uuid uuid NOT NULL,
  asset_identity text NOT NULL,
  blob_identity text NOT NULL,
  sha256 text NOT NULL,
  size integer NOT NULL,
  state text NOT NULL CHECK (state IN ('published', 'withdrawn')),
  published_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz
);
CREATE INDEX rkvst_sboms_branch ON rkvst_sboms (project_uuid, branch, published_at DESC);

CREATE TABLE rkvst_history (
  id bigserial PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  action text NOT NULL CHECK (action IN ('link', 'unlink', 'publish', 'sbom-publish', 'sbom-withdraw')),
  at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  asset_identity text,
  event_identity text,
  sbom_uuid uuid,
  message text NOT NULL
);
CREATE INDEX rkvst_history_branch ON rkvst_history (project_uuid, branch, id DESC);
