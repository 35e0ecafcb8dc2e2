-- The per-identifier lockout (docs/decisions.md §7), shared by every instance. One row per identifier (a normalised login name,
-- whether or not an account has it) with attempts counted since its last success: an attempt is counted before its password
-- is checked, so concurrent attempts cannot slip past the threshold, and a success deletes the row. Only the SHA-256 of the
-- identifier is kept: what people type as a username (sometimes their password) stays out of this table. Rows whose last
-- attempt is older than security.lockout.window are pruned.
CREATE TABLE login_lockouts (
  identifier_hash  bytea       PRIMARY KEY,
  failures         integer     NOT NULL,
  last_failure_at  timestamptz NOT NULL,
  locked_until     timestamptz
);

CREATE INDEX login_lockouts_last_failure_idx ON login_lockouts (last_failure_at);
