-- Patient usernames are unique regardless of case (the API checks it); this
-- index keeps that check and the lookups by name cheap.
CREATE INDEX patients_username_lower ON patients (lower(username));
