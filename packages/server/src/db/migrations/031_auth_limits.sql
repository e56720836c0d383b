-- Sign-in limits counted atomically before the password is checked (issue 13 item 13): one row per key
-- (a login, an address, an MFA user) with the attempts of its current one-minute window and, once over
-- the limit, the time until which it is refused. Replaces the failure log of migration 004, which was
-- read before and written after the (slow) password check, so parallel guesses all passed the check.
DROP TABLE login_attempts;
DROP TABLE login_locks;

CREATE TABLE auth_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL,
  locked_until timestamptz
);
