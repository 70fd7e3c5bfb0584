-- Tombstones written once per statement from its transition table instead of once per row: a
-- per-row trigger call (with to_jsonb of the row) made deleting a clinic's 900k messages take
-- most of a minute; one INSERT ... SELECT per statement takes a fraction of that
-- (`npm run bench -- bulk-delete`). The rows kept are the same as record_removal's (0050).
CREATE FUNCTION record_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'patients' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'patients', id, username, clinician_id FROM old_rows;
    WHEN 'homework' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'homework', id, patient_name, clinician_id FROM old_rows;
    WHEN 'prompts' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'prompts', id, NULL, NULL FROM old_rows;
    WHEN 'conversation_messages' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'conversation_messages', id, patient_name, NULL FROM old_rows;
    WHEN 'conversation_summaries' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'conversation_summaries', id, patient_name, NULL FROM old_rows;
  END CASE;
  RETURN NULL;
END $$;

DROP TRIGGER patients_removed ON patients;
DROP TRIGGER homework_removed ON homework;
DROP TRIGGER prompts_removed ON prompts;
DROP TRIGGER messages_removed ON conversation_messages;
DROP TRIGGER summaries_removed ON conversation_summaries;
DROP FUNCTION record_removal();

CREATE TRIGGER patients_removed AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_removals();
CREATE TRIGGER homework_removed AFTER DELETE ON homework
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_removals();
CREATE TRIGGER prompts_removed AFTER DELETE ON prompts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_removals();
CREATE TRIGGER messages_removed AFTER DELETE ON conversation_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_removals();
CREATE TRIGGER summaries_removed AFTER DELETE ON conversation_summaries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_removals();
