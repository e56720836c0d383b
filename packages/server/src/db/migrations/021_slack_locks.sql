-- Slack chat-channel locks (issue 16; spec accounts-and-api §3, §4 "Chat-channel locks: borrow, status,
-- rental time"; contract notification-locks.routes.ts says what a lock means). One row per account whose
-- Slack channel was ever borrowed: the holding team, the ticket naming the borrowing, its times.
-- released_at set: given back ('free'); expires_at passed: 'expired'; else 'borrowed'.
CREATE TABLE slack_locks (
  account_uuid uuid PRIMARY KEY REFERENCES accounts (uuid) ON DELETE CASCADE,
  team_uuid uuid NOT NULL REFERENCES teams (uuid) ON DELETE CASCADE,
  ticket uuid NOT NULL UNIQUE,
  borrowed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  released_at timestamptz
);
