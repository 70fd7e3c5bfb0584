-- Patient usernames are unique whatever their case, enforced by the database:
-- the check before an insert cannot see a concurrent insert of "Bob" and "bob".
-- Pairs such a race already made keep their oldest patient's name; the later
-- ones are renamed "<name>-duplicate-<n>" (the index could not be built otherwise).
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY lower(username) ORDER BY created_at, id) AS n FROM patients
)
UPDATE patients p SET username = p.username || '-duplicate-' || r.n
FROM ranked r WHERE r.id = p.id AND r.n > 1;

DROP INDEX IF EXISTS patients_username_lower;
CREATE UNIQUE INDEX patients_username_lower ON patients (lower(username));
