-- Joining proves control of the e-mail address (issue 13 items 6, 7). An account no longer adds a user
-- as a member: it invites an address, and only the mailed link (its token stored as a digest, expiring)
-- makes the membership; until then the invitation grants nothing (it is not a membership). A sign-up
-- waits here with the password hash chosen until the link mailed to the address is opened; only then are
-- the user and its account made, so nobody can take an address before its owner (pre-registration).
CREATE TABLE invitations (
  uuid uuid PRIMARY KEY,
  account_uuid uuid NOT NULL REFERENCES accounts (uuid) ON DELETE CASCADE,
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invitations_account_email ON invitations (account_uuid, lower(email));
CREATE INDEX invitations_email ON invitations (lower(email));

CREATE TABLE registrations (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_email ON registrations (lower(email));
