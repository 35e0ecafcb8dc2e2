-- Account lifecycle (issue 13): password reset and e-mail change links, erasure, per-kind link URLs, every mail kind.

-- An erased account keeps its row (its id still anchors the session cut-off refusing its tokens, and the outbox rows of mail
-- sent to it) but nothing personal: no address, no hash, no profile, no origin. Its address is free to register again.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('pending', 'active', 'disabled', 'deleted'));
ALTER TABLE users ADD CONSTRAINT users_deleted_erased CHECK (
  (status = 'deleted') = (email IS NULL)
  AND (status <> 'deleted' OR (password_hash IS NULL AND deleted_at IS NOT NULL AND profile = '{}'::jsonb)));

-- Links other than the account link, and where people go back to once done; each optional, each checked by the CLI.
ALTER TABLE applications ADD COLUMN reset_url text;
ALTER TABLE applications ADD COLUMN email_url text;
ALTER TABLE applications ADD COLUMN return_url text;

ALTER TABLE mail_templates DROP CONSTRAINT mail_templates_kind_check;
ALTER TABLE mail_templates ADD CONSTRAINT mail_templates_kind_check CHECK (kind IN ('account_link', 'welcome', 'password_reset',
  'password_changed', 'email_change', 'email_in_use', 'email_changed', 'account_deleted'));

-- Single-use password-reset links: only the SHA-256 of the token is kept. A new request replaces the unused ones.
CREATE TABLE password_resets (
  token_hash  bytea       PRIMARY KEY,
  user_id     uuid        NOT NULL CONSTRAINT password_resets_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Single-use links confirming a new e-mail address: the address it will become, and the SHA-256 of the token.
CREATE TABLE email_changes (
  token_hash  bytea       PRIMARY KEY,
  user_id     uuid        NOT NULL CONSTRAINT email_changes_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  new_email   text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX email_changes_user_idx ON email_changes (user_id);

-- A password change ends every other session of the user but the caller's: the cut-off spares that one token.
ALTER TABLE session_cutoffs ADD COLUMN kept_token_id text;
