-- Sign-in and registration attempts, for rate limiting (issue 10.5, 10.13, 10.15). An attempt is
-- reserved here ('pending') before its password is checked, under an advisory lock on its username
-- and IP, so concurrent attempts (in any server process) cannot all pass the limit together. Rows
-- older than the rate-limit window are pruned; the activity log keeps the history.
CREATE TABLE auth_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('login', 'register')),
  username text NOT NULL, -- lower-cased, as typed
  ip_address text,
  attempted_at timestamptz NOT NULL,
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'failed', 'succeeded'))
);
CREATE INDEX auth_attempts_username ON auth_attempts (username, attempted_at);
CREATE INDEX auth_attempts_ip ON auth_attempts (ip_address, attempted_at);
