-- A summary belongs to the patient of its conversation's messages, never to the
-- patient a caller named: a summary made for a conversation before its first
-- message moves to that message's patient when it arrives.

-- The patient of a conversation: the patient of its first message; NULL before any message.
CREATE FUNCTION conversation_patient(conversation text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT patient_name FROM conversation_messages WHERE conversation_id = conversation
  ORDER BY serial_num, timestamp, id LIMIT 1
$$;

-- Every write of a summary takes the conversation's patient when the conversation has one.
-- (While a patient is renamed, ON UPDATE CASCADE may reach the summary before the
-- messages: the old name then names no patient and the new one is kept.)
CREATE FUNCTION summary_patient_from_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patient text := conversation_patient(NEW.id);
BEGIN
  IF patient IS NOT NULL AND EXISTS (SELECT 1 FROM patients WHERE username = patient) THEN
    NEW.patient_name := patient;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER summaries_patient BEFORE INSERT OR UPDATE ON conversation_summaries
  FOR EACH ROW EXECUTE FUNCTION summary_patient_from_conversation();

-- A summary that moves to another patient leaves the devices of the patient it had:
-- a tombstone scoped to that patient and clinician (the move itself bumps its version,
-- so the new patient's clinician pulls it as a change).
CREATE FUNCTION record_summary_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.patient_name IS DISTINCT FROM NEW.patient_name THEN
    INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
    SELECT 'conversation_summaries', OLD.id, p.username, p.clinician_id
    FROM patients p WHERE p.username = OLD.patient_name;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER summaries_moved AFTER UPDATE OF patient_name ON conversation_summaries
  FOR EACH ROW EXECUTE FUNCTION record_summary_move();

-- Messages arriving for a conversation that already has a summary take the summary with them.
CREATE FUNCTION summaries_follow_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_summaries s SET patient_name = conversation_patient(s.id)
  WHERE s.id IN (SELECT DISTINCT conversation_id FROM new_rows)
    AND s.patient_name IS DISTINCT FROM conversation_patient(s.id);
  RETURN NULL;
END $$;
CREATE TRIGGER messages_move_summaries AFTER INSERT ON conversation_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summaries_follow_messages();

-- Summaries already claimed by another patient than their conversation's move now.
UPDATE conversation_summaries s SET patient_name = conversation_patient(s.id)
WHERE conversation_patient(s.id) IS NOT NULL AND s.patient_name IS DISTINCT FROM conversation_patient(s.id);
