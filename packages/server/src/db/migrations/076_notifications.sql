-- Notifications (issue 16; spec accounts-and-api §3 "Notification", §7 "Notifications"):
-- * notification_channels: where an account's alerts go. `settings` holds what may be answered
--   (recipients, Slack mode/channel/API base, a webhook URL); `secret` the sealed Slack webhook URL or
--   bot token or webhook signing key (integrations/stored-secret.ts: it opens only for `secret_url`'s origin).
-- * notification_rules: which events of which projects go to which channel, immediately or daily.
-- * report_deltas.evaluated_at: the outbox of the evaluation job (a delta is evaluated once, in the
--   transaction that records its alerts).
-- * notification_alerted: one alert per (rule, branch, event, finding) ever: a finding alerted once is
--   never alerted again by that rule, whatever the retries, processes or later reports.
-- * notification_deliveries: one message to send (or sent, or failed), with its attempts in
--   notification_attempts (the delivery log); `held`: a digest item waiting for the day's digest.
-- * notification_unsubscribes: addresses that followed the unsubscribe link of a channel's e-mail.
CREATE TABLE notification_channels (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  team_uuid uuid REFERENCES teams (uuid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email', 'slack', 'webhook')),
  name text NOT NULL,
  settings jsonb NOT NULL,
  secret text,
  secret_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_channels_account ON notification_channels (account_uuid);

CREATE TABLE notification_rules (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  team_uuid uuid REFERENCES teams (uuid) ON DELETE CASCADE,
  channel_uuid uuid NOT NULL REFERENCES notification_channels (uuid) ON DELETE CASCADE,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  events text[] NOT NULL,
  min_severity text NOT NULL,
  epss_threshold real,
  projects jsonb NOT NULL,
  mode text NOT NULL CHECK (mode IN ('immediate', 'digest')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_rules_account ON notification_rules (account_uuid);

ALTER TABLE report_deltas ADD COLUMN evaluated_at timestamptz;
CREATE INDEX report_deltas_pending ON report_deltas (created_at) WHERE evaluated_at IS NULL;

CREATE TABLE notification_alerted (
  rule_uuid uuid NOT NULL REFERENCES notification_rules (uuid) ON DELETE CASCADE,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  item text NOT NULL,
  alerted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_uuid, project_uuid, branch, item)
);

CREATE TABLE notification_deliveries (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  rule_uuid uuid REFERENCES notification_rules (uuid) ON DELETE SET NULL,
  channel_uuid uuid REFERENCES notification_channels (uuid) ON DELETE SET NULL,
  channel_kind text,
  project_uuid uuid REFERENCES projects (uuid) ON DELETE SET NULL,
  report_uuid uuid REFERENCES reports (uuid) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held', 'digested')),
  payload jsonb NOT NULL,
  items integer NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- the recipients an earlier attempt already reached (e-mail): a retry sends to the others only
  delivered text[] NOT NULL DEFAULT '{}',
  last_error text,
  claimed_at timestamptz,
  digest_uuid uuid REFERENCES notification_deliveries (uuid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX notification_deliveries_account ON notification_deliveries (account_uuid, created_at DESC);
CREATE INDEX notification_deliveries_held ON notification_deliveries (rule_uuid) WHERE status = 'held';

CREATE TABLE notification_attempts (
  delivery_uuid uuid NOT NULL REFERENCES notification_deliveries (uuid) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  detail text NOT NULL,
  PRIMARY KEY (delivery_uuid, attempt)
);

CREATE TABLE notification_unsubscribes (
  channel_uuid uuid NOT NULL REFERENCES notification_channels (uuid) ON DELETE CASCADE,
  email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel_uuid, email)
);
