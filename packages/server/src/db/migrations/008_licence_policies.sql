-- Licences per account (issue 5; product-notes "Licence policies"; spec report-page §5, §7): licence
-- policies (DENY / ALLOW lists or a built-in template, bound by project pattern or tag), licence fixes
-- (overrides) and copyright texts per library. Version '*' = every version, '--' = an empty version.

CREATE TABLE licence_policies (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('DENY', 'ALLOW')),
  -- SPDX ids (canonical spelling); empty when a template supplies them
  licences jsonb NOT NULL DEFAULT '[]',
  -- account-defined ids, kept as written
  custom_licences jsonb NOT NULL DEFAULT '[]',
  project_patterns jsonb NOT NULL DEFAULT '[]',
  tags jsonb NOT NULL DEFAULT '[]',
  -- a built-in template (no-copyleft, no-affero, no-gpl): its licences come from the engine at each use
  template text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licence_policies_account ON licence_policies (account_uuid, created_at);

CREATE TABLE licence_overrides (
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  licences jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_uuid, language, name, version)
);

CREATE TABLE copyright_overrides (
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  text text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_uuid, language, name, version)
);
