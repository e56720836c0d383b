-- The metrics integration (accounts-and-api §7 "Metrics integration", issue 17): one Datadog set-up per
-- account (the API key sealed at rest for the API address it was saved for, integrations/stored-secret)
-- and the submissions made, newest kept (datadog.repo keeps the last 100 per account).
CREATE TABLE datadog_setups (
  account_uuid uuid PRIMARY KEY REFERENCES accounts (uuid) ON DELETE CASCADE,
  site text NOT NULL,
  base_url text NOT NULL,
  api_key_encrypted text NOT NULL,
  scheduled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE datadog_submissions (
  id bigserial PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'send-now')),
  at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  branches integer NOT NULL,
  series integer NOT NULL,
  status integer,
  message text NOT NULL
);
CREATE INDEX datadog_submissions_account ON datadog_submissions (account_uuid, id DESC);
