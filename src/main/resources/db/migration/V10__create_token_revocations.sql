-- Tokens refused by their id (jti): a logout, or the old token of a refresh (refused from 1 s later). A row is useless once the
-- token has expired, and is pruned then; expires_at is null for a token that never expires.
CREATE TABLE token_revocations (
  token_id      text        PRIMARY KEY,
  user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  refused_from  timestamptz NOT NULL,
  expires_at    timestamptz,
  recorded_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Instances catch up on what they may have missed by recorded_at; pruning goes by expires_at.
CREATE INDEX token_revocations_recorded_at_idx ON token_revocations (recorded_at);
CREATE INDEX token_revocations_expires_at_idx ON token_revocations (expires_at);
