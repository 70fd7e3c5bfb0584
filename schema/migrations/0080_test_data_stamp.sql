-- Whether a message is test data is decided once, when it arrives: its prompt
-- was the test prompt (and not also the current one) at that moment. The
-- agent's intake stamps it (sync-server/routes/agent.ts, under the prompt-marks
-- lock shared, so a mark change never lands halfway through a batch). "Delete
-- test data" removes stamped messages only: moving the test mark later can
-- never turn real conversations into test data, nor test data into real.
ALTER TABLE conversation_messages ADD COLUMN is_test boolean NOT NULL DEFAULT false;

-- Existing messages keep the meaning they had until now, once: today's marks
-- decide them. is_test is not synced to devices, so the backfill does not
-- give these rows a new version (which would make every device pull them again).
ALTER TABLE conversation_messages DISABLE TRIGGER messages_stamp;
UPDATE conversation_messages SET is_test = true
  WHERE prompt_id IN (SELECT id FROM prompts WHERE is_test AND NOT is_current);
ALTER TABLE conversation_messages ENABLE TRIGGER messages_stamp;

CREATE INDEX messages_test_data ON conversation_messages (conversation_id) WHERE is_test;
