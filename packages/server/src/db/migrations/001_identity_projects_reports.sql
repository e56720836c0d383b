-- Identity (accounts, users, memberships, sessions, API tokens), projects and branches, analyses with
-- their uploaded files, and immutable report documents with per-report score rows (DESIGN §2).

CREATE TABLE accounts (
  uuid uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  plan text NOT NULL DEFAULT 'self-hosted',
  is_default boolean NOT NULL DEFAULT false,
  features text[] NOT NULL DEFAULT '{}',
  properties jsonb NOT NULL DEFAULT '{}',
  configuration jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_one_default ON accounts (is_default) WHERE is_default;

CREATE TABLE users (
  uuid uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text,
  sysadmin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

CREATE TABLE memberships (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  role text NOT NULL,
  is_primary boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_uuid, user_uuid)
);

CREATE TABLE sessions (
  uuid uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  membership_uuid uuid NOT NULL REFERENCES memberships (uuid) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_tokens (
  uuid uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  membership_uuid uuid NOT NULL REFERENCES memberships (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Singleton facts decided once (e.g. that the bootstrap token or the first administrator was created).
CREATE TABLE bootstrap_events (
  name text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE projects (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  url text,
  is_public boolean NOT NULL DEFAULT false,
  thresholds jsonb NOT NULL DEFAULT '{"security":90,"stability":80,"licensing":95}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_account ON projects (account_uuid);

CREATE TABLE branches (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_uuid, name)
);

CREATE TABLE analyses (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  source text NOT NULL,
  status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  graph jsonb,
  warnings jsonb NOT NULL DEFAULT '[]',
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX analyses_project_branch ON analyses (project_uuid, branch, created_at DESC);

CREATE TABLE analysis_files (
  analysis_uuid uuid NOT NULL REFERENCES analyses (uuid) ON DELETE CASCADE,
  path text NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (analysis_uuid, path)
);

CREATE TABLE reports (
  uuid uuid PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  analysis_uuid uuid UNIQUE REFERENCES analyses (uuid) ON DELETE SET NULL,
  status text NOT NULL,
  outcome text NOT NULL,
  security_score real NOT NULL,
  stability_score real NOT NULL,
  licensing_score real NOT NULL,
  thresholds jsonb NOT NULL,
  components integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  document jsonb NOT NULL
);
CREATE INDEX reports_project_branch ON reports (project_uuid, branch, created_at DESC);
