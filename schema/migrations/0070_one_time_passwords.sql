-- Initial and reset passwords are one-time secrets that expire (issue 10.1): a
-- password with an expiry cannot sign in after it; choosing a password clears it.
ALTER TABLE user_clinician ADD COLUMN password_expires_at timestamptz;

-- Devices receive a user's id, names and role only (the clinicians stream), so
-- only a change to those is a new version. A password reset, an e-mail change or
-- sign-in bookkeeping must not bump the row: a watching device would learn the
-- moment an account was reset.
CREATE FUNCTION stamp_clinician_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.first_name, NEW.last_name, NEW.role) IS DISTINCT FROM (OLD.first_name, OLD.last_name, OLD.role) THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
    NEW.txid := pg_current_xact_id();
  ELSE
    NEW.version := OLD.version;
    NEW.updated_at := OLD.updated_at;
    NEW.txid := OLD.txid;
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER user_clinician_stamp ON user_clinician;
CREATE TRIGGER user_clinician_stamp BEFORE UPDATE ON user_clinician
  FOR EACH ROW EXECUTE FUNCTION stamp_clinician_change();
