-- Conversations with the AI assistant (accounts-and-api §7 "Assistant chat service"; report-page §3
-- "Chat message"): each belongs to the member who started it, in their account, and keeps the report
-- (and advice) it started from. Messages are the turns sent to the upstream model, in order.
CREATE TABLE assistant_conversations (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  membership_uuid uuid NOT NULL,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  report_uuid uuid NOT NULL,
  advice_id text,
  kind text NOT NULL CHECK (kind IN ('summary', 'vulnerability')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_conversations_account ON assistant_conversations (account_uuid, created_at DESC);

CREATE TABLE assistant_messages (
  conversation_uuid uuid NOT NULL REFERENCES assistant_conversations (uuid) ON DELETE CASCADE,
  position integer NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_uuid, position)
);
