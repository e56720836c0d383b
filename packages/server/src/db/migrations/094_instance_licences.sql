-- Instance licences (accounts-and-api §7 "Licence server", issue 17; our reading in contract
-- instance-licences.ts): installed licence files with their terms, the account each is activated for (one
-- licence per account), and the plan and features that account had before, given back on release.
CREATE TABLE instance_licences (
  id text PRIMARY KEY,
  file text NOT NULL,
  licensee text NOT NULL,
  plan text NOT NULL,
  seats integer NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  installed_at timestamptz NOT NULL DEFAULT now(),
  account_uuid uuid UNIQUE REFERENCES accounts (uuid) ON DELETE SET NULL,
  activated_at timestamptz,
  previous_plan text,
  previous_features text[]
);
