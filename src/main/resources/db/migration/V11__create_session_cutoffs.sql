-- Per user: every token issued before not_before is refused (a global logout, a disabled account). One row per user, however
-- many tokens it had. expires_at is when all such tokens have expired anyway (not_before + the longest token lifetime), null
-- when tokens may never expire; the row is pruned after it.
CREATE TABLE session_cutoffs (
  user_id      uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  not_before   timestamptz NOT NULL,
  expires_at   timestamptz,
  recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE INDEX session_cutoffs_recorded_at_idx ON session_cutoffs (recorded_at);
