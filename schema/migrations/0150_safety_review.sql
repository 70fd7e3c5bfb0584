-- A clinician marks a summary's safety flag reviewed: who (their user id, and their name as it was
-- then, so the line reads the same after a rename or once the account is gone) and when. No foreign
-- key: like the activity log, the record of a review outlives the reviewer's account.
ALTER TABLE conversation_summaries
  ADD COLUMN safety_reviewed_at timestamptz,
  ADD COLUMN safety_reviewed_by text,
  ADD COLUMN safety_reviewed_by_name text;

-- A review is not an edit of the summary: it keeps the version (an edit waiting in another device's
-- outbox with If-Match still applies) and updated_at, and only moves the row's txid so the delta
-- pull brings it to every device. Any other update stamps as before.
CREATE FUNCTION stamp_txid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.txid := pg_current_xact_id();
  RETURN NEW;
END $$;

DROP TRIGGER summaries_stamp ON conversation_summaries;
CREATE TRIGGER summaries_stamp BEFORE UPDATE ON conversation_summaries FOR EACH ROW
  WHEN (OLD.safety_reviewed_at IS NOT DISTINCT FROM NEW.safety_reviewed_at)
  EXECUTE FUNCTION stamp_change();
CREATE TRIGGER summaries_review_stamp BEFORE UPDATE ON conversation_summaries FOR EACH ROW
  WHEN (OLD.safety_reviewed_at IS DISTINCT FROM NEW.safety_reviewed_at)
  EXECUTE FUNCTION stamp_txid();
