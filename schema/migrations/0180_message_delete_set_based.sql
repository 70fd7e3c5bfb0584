-- A delete of messages through the Data Management route writes their tombstones and prunes
-- prompt_conversations itself, in set-based statements, and sets stepwise.messages_deleted_by_route
-- for its transaction so the two statement triggers on conversation_messages do not do it again:
-- at --scale 100 delete_user_data spent most of its time in those triggers, reading back the
-- transition table of 975k rows (`npm run bench -- bulk-delete`). Every other delete of messages
-- (a renamed patient, SQL by hand) keeps the triggers' work. The tombstones are the same rows.
CREATE OR REPLACE FUNCTION record_removals() RETURNS trigger LANGUAGE plpgsql AS $$
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
      IF current_setting('stepwise.messages_deleted_by_route', true) IS DISTINCT FROM 'on' THEN
        INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
        SELECT 'conversation_messages', id, patient_name, NULL FROM old_rows;
      END IF;
    WHEN 'conversation_summaries' THEN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      SELECT 'conversation_summaries', id, patient_name, NULL FROM old_rows;
  END CASE;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION prompt_conversations_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stepwise.messages_deleted_by_route', true) = 'on' THEN
    RETURN NULL;
  END IF;
  DELETE FROM prompt_conversations pc
  USING (SELECT DISTINCT prompt_id, conversation_id, patient_name FROM old_rows WHERE prompt_id IS NOT NULL) o
  WHERE pc.prompt_id = o.prompt_id AND pc.conversation_id = o.conversation_id AND pc.patient_name = o.patient_name
    AND NOT EXISTS (
      SELECT 1 FROM conversation_messages m
      WHERE m.conversation_id = o.conversation_id AND m.prompt_id = o.prompt_id AND m.patient_name = o.patient_name
    );
  RETURN NULL;
END $$;
