-- Settings an admin changes at run time (issue 15: how long a device may stay idle before it locks).
-- One row per setting; a setting without a row has its default (schema/device-lock.ts), so a new
-- setting needs no data migration. Who changed it last and when, for the audit trail.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
