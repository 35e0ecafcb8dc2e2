-- Single-use account-creation links. Only the SHA-256 of the token is kept; the token travels in the mail alone.
CREATE TABLE account_links (
  token_hash  bytea       PRIMARY KEY,
  user_id     uuid        NOT NULL CONSTRAINT account_links_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX account_links_user_idx ON account_links (user_id, created_at DESC);
