-- The sync pull pages each table in (txid, id) order from a cursor; these
-- indexes serve that keyset scan directly and replace the txid-only ones.
DROP INDEX IF EXISTS patients_txid;
DROP INDEX IF EXISTS homework_txid;
DROP INDEX IF EXISTS prompts_txid;
DROP INDEX IF EXISTS messages_txid;
DROP INDEX IF EXISTS summaries_txid;
DROP INDEX IF EXISTS user_clinician_txid;
DROP INDEX IF EXISTS sync_removed_txid;
CREATE INDEX patients_sync ON patients (txid, id);
CREATE INDEX homework_sync ON homework (txid, id);
CREATE INDEX prompts_sync ON prompts (txid, id);
CREATE INDEX messages_sync ON conversation_messages (txid, id);
CREATE INDEX summaries_sync ON conversation_summaries (txid, id);
CREATE INDEX user_clinician_sync ON user_clinician (txid, id);
CREATE INDEX sync_removed_sync ON sync_removed (txid, table_name, row_id);
CREATE INDEX patient_reassignments_old ON patient_reassignments (old_clinician_id, txid);
CREATE INDEX patient_reassignments_patient ON patient_reassignments (patient_id, txid);

-- A deleted patient's tombstone keeps its username in patient_name, so the
-- pull can tell its clinician about the homework, messages and summaries that
-- went with it (the patients table names the column username, not patient_name).
CREATE OR REPLACE FUNCTION record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(OLD);
BEGIN
  INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
  VALUES (
    TG_TABLE_NAME,
    OLD.id,
    CASE WHEN TG_TABLE_NAME = 'patients' THEN row_json ->> 'username' ELSE row_json ->> 'patient_name' END,
    row_json ->> 'clinician_id'
  );
  RETURN OLD;
END $$;
