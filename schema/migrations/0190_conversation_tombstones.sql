-- A delete of messages through the Data Management route leaves ONE tombstone per conversation it
-- touched (table_name 'conversations', row_id the conversation id) instead of one per message:
-- the device drops the conversation's messages but the ones the server still has (sync/removals.ts).
-- And the route's DELETE no longer feeds statement triggers with transition tables: PostgreSQL
-- copies every deleted row into the trigger's OLD TABLE even when the function then does nothing,
-- at --scale 100 some 975k rows and 220 MB of temporary files, about half of delete_user_data's
-- time (`npm run bench -- bulk-delete`). Other deletes of messages (a deleted patient's cascade, SQL
-- by hand) keep one tombstone per message and their prompt_conversations pruning, now from row
-- triggers whose WHEN skips the route's transaction (stepwise.messages_deleted_by_route, 0180), so
-- the route's rows are not even queued.
DROP TRIGGER messages_removed ON conversation_messages;
DROP TRIGGER messages_prompt_conversations_prune ON conversation_messages;
DROP FUNCTION prompt_conversations_prune();

-- record_removals() (0180) stays for the other tables; its branch for messages is no longer called.

-- A message's tombstone, and its prompt's conversation leaves the prompt's list once none of that
-- conversation's messages under the prompt is left (as 0040's statement trigger did). AFTER row
-- triggers run when the statement is done, so the check sees all of its deletes.
CREATE FUNCTION record_message_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
  VALUES ('conversation_messages', OLD.id, OLD.patient_name, NULL);
  IF OLD.prompt_id IS NOT NULL THEN
    DELETE FROM prompt_conversations pc
    WHERE pc.prompt_id = OLD.prompt_id AND pc.conversation_id = OLD.conversation_id
      AND pc.patient_name = OLD.patient_name
      AND NOT EXISTS (SELECT 1 FROM conversation_messages m WHERE m.conversation_id = OLD.conversation_id
        AND m.prompt_id = OLD.prompt_id AND m.patient_name = OLD.patient_name);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_removed AFTER DELETE ON conversation_messages FOR EACH ROW
  WHEN (current_setting('stepwise.messages_deleted_by_route', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION record_message_removal();
