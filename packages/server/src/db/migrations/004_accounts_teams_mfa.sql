-- Accounts, teams, roles, login rate limits, MFA and password resets (spec accounts-and-api §3-§7, issue 7).
-- Secrets are never stored in clear: TOTP seeds AES-256-GCM encrypted (key: server_keys row or
-- SEXTANT_SECRET_KEY), scratch codes, SMS codes and reset tokens as SHA-256 digests.

ALTER TABLE accounts ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE accounts ADD COLUMN payg_tokens integer NOT NULL DEFAULT 0;
-- Account configuration defaults (spec §9 "Default account analysis scopes: all for each domain";
-- product-notes: thresholds 90/80/95, scoring by CVSS). Stored whole; the service merges defaults on read.
ALTER TABLE accounts ALTER COLUMN configuration SET DEFAULT '{
  "analysisScopes": {"security": ["prod","dev","test","provided","optional"],
                     "stability": ["prod","dev","test","provided","optional"],
                     "licensing": ["prod","dev","test","provided","optional"]},
  "thresholds": {"security": 90, "stability": 80, "licensing": 95},
  "scoringAlgorithm": "cvss",
  "autoMitigation": {"epss": null, "cvss": null, "severity": null}
}';
-- Features follow the plan rule of §6: 'members' is on for plan opensource or without 'teams'.
ALTER TABLE accounts ALTER COLUMN features SET DEFAULT '{members}';
UPDATE accounts SET features = array_append(features, 'members') WHERE NOT ('members' = ANY (features));

CREATE TABLE teams (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  is_everyone boolean NOT NULL DEFAULT false,
  properties jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX teams_account_name ON teams (account_uuid, lower(name));
CREATE UNIQUE INDEX teams_one_everyone ON teams (account_uuid) WHERE is_everyone;

CREATE TABLE team_members (
  team_uuid uuid NOT NULL REFERENCES teams (uuid) ON DELETE CASCADE,
  membership_uuid uuid NOT NULL REFERENCES memberships (uuid) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('Administrator', 'Collaborator', 'Viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_uuid, membership_uuid)
);
CREATE INDEX team_members_membership ON team_members (membership_uuid);

ALTER TABLE memberships ADD COLUMN primary_team_uuid uuid REFERENCES teams (uuid) ON DELETE SET NULL;
-- Projects may belong to a team; members with a team role see the projects of their teams.
ALTER TABLE projects ADD COLUMN team_uuid uuid REFERENCES teams (uuid) ON DELETE SET NULL;

-- Every existing account gets its default team "Everyone" holding all its members.
INSERT INTO teams (uuid, account_uuid, name, description, is_everyone)
  SELECT gen_random_uuid(), uuid, 'Everyone', 'Every member of the account', true FROM accounts;
INSERT INTO team_members (team_uuid, membership_uuid, role)
  SELECT t.uuid, m.uuid,
         CASE WHEN m.role IN ('Administrator', 'TeamAdministrator') THEN 'Administrator'
              WHEN m.role IN ('Collaborator', 'TeamCollaborator') THEN 'Collaborator' ELSE 'Viewer' END
  FROM memberships m JOIN teams t ON t.account_uuid = m.account_uuid AND t.is_everyone;

-- A session waiting for its second factor can only answer the MFA challenge.
ALTER TABLE sessions ADD COLUMN mfa_pending boolean NOT NULL DEFAULT false;
ALTER TABLE api_tokens ADD COLUMN kind text NOT NULL DEFAULT 'api' CHECK (kind IN ('api', 'support'));

-- Failed sign-ins per login (e-mail) and per address, in the database so every process sees them.
CREATE TABLE login_attempts (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_at ON login_attempts (key, at);
CREATE TABLE login_locks (
  key text PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

-- The server's symmetric key for secrets at rest, generated once (first process wins).
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mfa (
  user_uuid uuid PRIMARY KEY REFERENCES users (uuid) ON DELETE CASCADE,
  totp_secret_enc text,
  totp_enabled boolean NOT NULL DEFAULT false,
  phone text,
  sms_code_hash text,
  sms_code_expires_at timestamptz,
  sms_enabled boolean NOT NULL DEFAULT false,
  last_totp_step bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mfa_scratch_codes (
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_uuid, code_hash)
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
