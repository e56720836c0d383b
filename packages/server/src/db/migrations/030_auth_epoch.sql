-- Revocation on every process at once (issue 13 item 15; DESIGN §7): a counter every API process reads
-- per authorised request. Any change to what a cached principal holds (a session revoked or its MFA
-- step passed, a token revoked, a role, a membership, a team, a user, an account) bumps it in the same
-- transaction, whoever wrote it, so a cache filled before the change is never used after its commit.
CREATE TABLE auth_epoch (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  n bigint NOT NULL
);
INSERT INTO auth_epoch (singleton, n) VALUES (true, 0);

-- Deferred to commit: the counter's row lock is the last one a transaction takes, so it cannot be part
-- of a deadlock; bumped once per transaction however many rows changed.
CREATE FUNCTION bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('sextant.auth_epoch_bumped', true), '') <> 'on' THEN
    PERFORM set_config('sextant.auth_epoch_bumped', 'on', true);
    UPDATE auth_epoch SET n = n + 1;
  END IF;
  RETURN NULL;
END $$;

-- Sessions: revoked, MFA step passed, moved. A refresh (expires_at only) changes nothing cached: the
-- cache never outlives the expiry it read.
CREATE CONSTRAINT TRIGGER sessions_auth_epoch AFTER UPDATE ON sessions DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
                     OR OLD.mfa_pending IS DISTINCT FROM NEW.mfa_pending
                     OR OLD.membership_uuid IS DISTINCT FROM NEW.membership_uuid
                     OR OLD.expires_at > NEW.expires_at)
  EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER sessions_auth_epoch_delete AFTER DELETE ON sessions DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();

CREATE CONSTRAINT TRIGGER api_tokens_auth_epoch AFTER UPDATE OR DELETE ON api_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER memberships_auth_epoch AFTER UPDATE OR DELETE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER users_auth_epoch AFTER UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER teams_auth_epoch AFTER UPDATE OR DELETE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER team_members_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON team_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();

-- Accounts: only the columns a principal carries (a configuration save invalidates nothing).
CREATE CONSTRAINT TRIGGER accounts_auth_epoch AFTER UPDATE ON accounts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.name, OLD.email, OLD.plan, OLD.is_default, OLD.active, OLD.features, OLD.properties)
                     IS DISTINCT FROM
                     (NEW.name, NEW.email, NEW.plan, NEW.is_default, NEW.active, NEW.features, NEW.properties))
  EXECUTE FUNCTION bump_auth_epoch();
CREATE CONSTRAINT TRIGGER accounts_auth_epoch_delete AFTER DELETE ON accounts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_auth_epoch();
