-- Reads are audited (record_view): which patient's data was opened, so an admin can list who opened
-- one patient's data. A plain column (no foreign key: the audit outlives a deleted patient) with its
-- own index keeps "this patient, last 30 days" off the whole log.
ALTER TABLE user_activity ADD COLUMN patient_id text;
CREATE INDEX user_activity_patient ON user_activity (patient_id, timestamp DESC) WHERE patient_id IS NOT NULL;
-- A view carries the id its device gave it: sent again after a lost answer, it is stored once.
CREATE UNIQUE INDEX user_activity_view ON user_activity (user_id, (metadata->>'view_id'))
  WHERE activity_type = 'record_view';
