-- Account tags and isaac policies (spec accounts-and-api §3 "Tags (account level)", "Policy: sysid,
-- enabled, severity, tags"; §7 "Tags", "Insights, policies"; issue 7). A tag carries the projects it
-- marks (project_tags); licence policies bound to a tag apply to those projects (issue 5).

CREATE TABLE tags (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Tag names are matched case-insensitively (licence policy binding), so one spelling per account.
CREATE UNIQUE INDEX tags_account_name ON tags (account_uuid, lower(name));

CREATE TABLE project_tags (
  tag_uuid uuid NOT NULL REFERENCES tags (uuid) ON DELETE CASCADE,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  PRIMARY KEY (tag_uuid, project_uuid)
);
CREATE INDEX project_tags_project ON project_tags (project_uuid);

CREATE TABLE isaac_policies (
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  sysid text NOT NULL,
  enabled boolean NOT NULL,
  severity text NOT NULL,
  tags jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_uuid, sysid)
);
