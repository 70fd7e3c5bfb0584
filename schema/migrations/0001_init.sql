-- Stepwise data model. Every synced table carries version, updated_at and the
-- id of the transaction that last wrote it (txid, xid8): the pull cursor is a
-- transaction snapshot's xmin, so a row committed out of order is never skipped.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Stamps every update of a synced row: a new version, the server's time, this transaction.
CREATE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  NEW.txid := pg_current_xact_id();
  RETURN NEW;
END $$;

CREATE TABLE user_clinician (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  username text NOT NULL,
  password text NOT NULL, -- argon2id hash, never the password
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'clinician' CHECK (role IN ('admin', 'clinician', 'delete')),
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE UNIQUE INDEX user_clinician_username ON user_clinician (lower(username));
CREATE INDEX user_clinician_txid ON user_clinician (txid);
CREATE TRIGGER user_clinician_stamp BEFORE UPDATE ON user_clinician
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE sessions (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  user_id text NOT NULL REFERENCES user_clinician (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE invitations (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  custom_message text,
  invited_by text REFERENCES user_clinician (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE user_activity (
  id bigserial PRIMARY KEY,
  user_id text REFERENCES user_clinician (id) ON DELETE SET NULL,
  activity_type text NOT NULL,
  ip_address text,
  user_agent text,
  timestamp timestamptz NOT NULL DEFAULT now(),
  metadata jsonb
);
CREATE INDEX user_activity_time ON user_activity (timestamp DESC);
CREATE INDEX user_activity_user ON user_activity (user_id, timestamp DESC);
CREATE INDEX user_activity_failed ON user_activity (timestamp) WHERE activity_type = 'login_failed';

CREATE TABLE patients (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  username text NOT NULL,
  password text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  age integer NOT NULL CHECK (age BETWEEN 12 AND 19),
  gender text NOT NULL CHECK (gender IN ('male', 'female', 'prefer_not_to_say')),
  clinician_id text REFERENCES user_clinician (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE UNIQUE INDEX patients_username ON patients (username);
CREATE INDEX patients_clinician ON patients (clinician_id);
CREATE INDEX patients_txid ON patients (txid);
CREATE TRIGGER patients_stamp BEFORE UPDATE ON patients
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE homework (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  patient_name text NOT NULL REFERENCES patients (username) ON UPDATE CASCADE ON DELETE CASCADE,
  clinician_id text REFERENCES user_clinician (id) ON DELETE SET NULL, -- the spec's clinitianId
  fear text NOT NULL DEFAULT '',
  exposure_practice text NOT NULL,
  frequency text NOT NULL,
  round_number integer NOT NULL DEFAULT 0,
  round_duration text NOT NULL DEFAULT '15 minutes',
  safety_behavior text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX homework_patient ON homework (patient_name, created_at DESC);
CREATE INDEX homework_txid ON homework (txid);
CREATE TRIGGER homework_stamp BEFORE UPDATE ON homework
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE prompts (
  id text PRIMARY KEY,
  title text NOT NULL,
  owner text NOT NULL,
  prompt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_current boolean NOT NULL DEFAULT false,
  is_test boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
-- At most one current and one test prompt, whatever runs concurrently.
CREATE UNIQUE INDEX prompts_one_current ON prompts (is_current) WHERE is_current;
CREATE UNIQUE INDEX prompts_one_test ON prompts (is_test) WHERE is_test;
CREATE INDEX prompts_created ON prompts (created_at DESC);
CREATE INDEX prompts_txid ON prompts (txid);
CREATE TRIGGER prompts_stamp BEFORE UPDATE ON prompts
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE conversation_messages (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  conversation_id text NOT NULL,
  patient_name text NOT NULL REFERENCES patients (username) ON UPDATE CASCADE ON DELETE CASCADE,
  prompt_id text,
  data_type text NOT NULL CHECK (data_type IN ('user', 'agent')),
  serial_num integer NOT NULL,
  data text,
  timestamp timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  UNIQUE (conversation_id, serial_num, data_type)
);
CREATE INDEX messages_patient_time ON conversation_messages (patient_name, timestamp DESC);
CREATE INDEX messages_conversation ON conversation_messages (conversation_id, serial_num);
CREATE INDEX messages_time ON conversation_messages (timestamp DESC);
CREATE INDEX messages_prompt ON conversation_messages (prompt_id) WHERE prompt_id IS NOT NULL;
CREATE INDEX messages_txid ON conversation_messages (txid);
CREATE INDEX messages_data_trgm ON conversation_messages USING gin (data gin_trgm_ops);
CREATE TRIGGER messages_stamp BEFORE UPDATE ON conversation_messages
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE conversation_summaries (
  id text PRIMARY KEY, -- the conversation's id
  patient_name text REFERENCES patients (username) ON UPDATE CASCADE ON DELETE CASCADE,
  summary text,
  exposure_practice text,
  targeted_fear text,
  treatment_goal text,
  safety_behaviors text,
  worst_case_outcome text,
  expected_peak_suds integer,
  actual_peak_suds integer,
  expected_round_number integer,
  actual_round_number integer,
  expected_round_duration double precision, -- minutes
  actual_average_duration double precision, -- minutes
  is_patient_override boolean NOT NULL DEFAULT false,
  is_adjusted_in_the_middle boolean NOT NULL DEFAULT false,
  is_safetychecker boolean NOT NULL DEFAULT false,
  is_completed boolean NOT NULL DEFAULT false,
  is_patient_think_helpful integer CHECK (is_patient_think_helpful BETWEEN 0 AND 5),
  willingness_to_continue integer CHECK (willingness_to_continue BETWEEN 0 AND 5),
  number_of_times_checking_in integer,
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX summaries_patient ON conversation_summaries (patient_name);
CREATE INDEX summaries_txid ON conversation_summaries (txid);
CREATE TRIGGER summaries_stamp BEFORE UPDATE ON conversation_summaries
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

-- Deleted synced rows, so a device's pull can remove them. patient_name keeps
-- the scope a clinician needs to be told about the removal.
CREATE TABLE sync_removed (
  table_name text NOT NULL,
  row_id text NOT NULL,
  patient_name text,
  clinician_id text,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  removed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sync_removed_txid ON sync_removed (txid);

CREATE FUNCTION record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(OLD);
BEGIN
  INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
  VALUES (TG_TABLE_NAME, OLD.id, row_json ->> 'patient_name', row_json ->> 'clinician_id');
  RETURN OLD;
END $$;

CREATE TRIGGER patients_removed AFTER DELETE ON patients FOR EACH ROW EXECUTE FUNCTION record_removal();
CREATE TRIGGER homework_removed AFTER DELETE ON homework FOR EACH ROW EXECUTE FUNCTION record_removal();
CREATE TRIGGER prompts_removed AFTER DELETE ON prompts FOR EACH ROW EXECUTE FUNCTION record_removal();
CREATE TRIGGER messages_removed AFTER DELETE ON conversation_messages FOR EACH ROW EXECUTE FUNCTION record_removal();
CREATE TRIGGER summaries_removed AFTER DELETE ON conversation_summaries FOR EACH ROW EXECUTE FUNCTION record_removal();

-- A patient moved from one clinician to another: the old clinician's devices must drop it.
CREATE TABLE patient_reassignments (
  patient_id text NOT NULL,
  patient_name text NOT NULL,
  old_clinician_id text,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  moved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX patient_reassignments_txid ON patient_reassignments (txid);

CREATE FUNCTION record_reassignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.clinician_id IS DISTINCT FROM NEW.clinician_id THEN
    INSERT INTO patient_reassignments (patient_id, patient_name, old_clinician_id)
    VALUES (OLD.id, OLD.username, OLD.clinician_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER patients_reassigned AFTER UPDATE ON patients FOR EACH ROW EXECUTE FUNCTION record_reassignment();

CREATE TABLE idempotency_keys (
  user_id text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE agent_keys (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by text REFERENCES user_clinician (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
