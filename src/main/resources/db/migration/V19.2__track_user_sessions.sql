-- The live tokens of each user (docs/decisions.md §7, sessions and refresh): a login or refresh adds one, a logout, a refresh of
-- it or the per-user cap (security.maxSessionsPerUser) ends it, a cut-off ends them all. Only the id and instants: never the
-- token. A row is useless once its token has expired, and is pruned then; expires_at is null for a token that never expires.
CREATE TABLE user_sessions (
  token_id    text        PRIMARY KEY,
  user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issued_at   timestamptz NOT NULL,
  expires_at  timestamptz
);

-- The cap keeps a user's newest tokens; pruning goes by expires_at.
CREATE INDEX user_sessions_user_id_issued_at_idx ON user_sessions (user_id, issued_at);
CREATE INDEX user_sessions_expires_at_idx ON user_sessions (expires_at);

-- When the revoked token was issued: a user's revocations fold into one cut-off per user ("tokens issued before T are
-- refused but these live ones"), which replaces every row issued before T. Null in rows written before this version:
-- refused_from is a safe upper bound of their issue instant (a token is revoked after it was issued).
ALTER TABLE token_revocations ADD COLUMN issued_at timestamptz;
CREATE INDEX token_revocations_user_id_idx ON token_revocations (user_id);

-- A user's row of session_cutoffs now holds two independent parts: the cut-off of a global logout, disable, deletion or new
-- password (not_before, kept_token_id), and the fold of its revocations: tokens issued before folded_before are refused,
-- except those named in spared ({"<token id>": -1} for a live token, or the epoch ms from which a refreshed one is refused).
-- A row may hold either part alone, so not_before may be null. expires_at covers both (the later of the two).
ALTER TABLE session_cutoffs ALTER COLUMN not_before DROP NOT NULL;
ALTER TABLE session_cutoffs ADD COLUMN folded_before timestamptz, ADD COLUMN spared jsonb;
