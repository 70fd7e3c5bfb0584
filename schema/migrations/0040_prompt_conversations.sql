-- Which conversations used each prompt (a prompt's conversation_id_list), kept
-- up to date by statement-level triggers on conversation_messages, so listing
-- prompts never scans a million messages. patient_name keeps a clinician's scope.
CREATE TABLE prompt_conversations (
  prompt_id text NOT NULL,
  conversation_id text NOT NULL,
  patient_name text NOT NULL,
  PRIMARY KEY (prompt_id, conversation_id, patient_name)
);

CREATE FUNCTION prompt_conversations_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO prompt_conversations (prompt_id, conversation_id, patient_name)
  SELECT DISTINCT prompt_id, conversation_id, patient_name FROM new_rows WHERE prompt_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A pair goes once no message of that conversation, prompt and patient is left.
CREATE FUNCTION prompt_conversations_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM prompt_conversations pc
  USING (SELECT DISTINCT prompt_id, conversation_id, patient_name FROM old_rows WHERE prompt_id IS NOT NULL) o
  WHERE pc.prompt_id = o.prompt_id AND pc.conversation_id = o.conversation_id AND pc.patient_name = o.patient_name
    AND NOT EXISTS (
      SELECT 1 FROM conversation_messages m
      WHERE m.conversation_id = o.conversation_id AND m.prompt_id = o.prompt_id AND m.patient_name = o.patient_name
    );
  RETURN NULL;
END $$;

-- An update (a patient's renamed username cascading here, or a changed prompt_id)
-- may move messages from one pair to another: add the new pairs, prune the old.
CREATE FUNCTION prompt_conversations_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO prompt_conversations (prompt_id, conversation_id, patient_name)
  SELECT DISTINCT prompt_id, conversation_id, patient_name FROM new_rows WHERE prompt_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  DELETE FROM prompt_conversations pc
  USING (
    SELECT DISTINCT prompt_id, conversation_id, patient_name FROM old_rows WHERE prompt_id IS NOT NULL
    EXCEPT SELECT prompt_id, conversation_id, patient_name FROM new_rows
  ) o
  WHERE pc.prompt_id = o.prompt_id AND pc.conversation_id = o.conversation_id AND pc.patient_name = o.patient_name
    AND NOT EXISTS (
      SELECT 1 FROM conversation_messages m
      WHERE m.conversation_id = o.conversation_id AND m.prompt_id = o.prompt_id AND m.patient_name = o.patient_name
    );
  RETURN NULL;
END $$;

CREATE TRIGGER messages_prompt_conversations_add AFTER INSERT ON conversation_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prompt_conversations_add();
CREATE TRIGGER messages_prompt_conversations_prune AFTER DELETE ON conversation_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prompt_conversations_prune();
CREATE TRIGGER messages_prompt_conversations_update AFTER UPDATE ON conversation_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prompt_conversations_update();

INSERT INTO prompt_conversations (prompt_id, conversation_id, patient_name)
SELECT DISTINCT prompt_id, conversation_id, patient_name FROM conversation_messages WHERE prompt_id IS NOT NULL;
