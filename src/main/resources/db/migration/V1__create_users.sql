-- Accounts. The e-mail is stored normalised (trimmed, NFC, lower-cased) and unique on that form, so concurrent creates of one
-- address yield one account.
CREATE TABLE users (
  id                  uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  email               text        NOT NULL,
  password_hash       text,
  status              text        NOT NULL,
  language            text,
  from_salon          text,
  from_session_salon  text,
  profile             jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_status_check CHECK (status IN ('pending', 'active', 'disabled')),
  CONSTRAINT users_active_has_password CHECK (status <> 'active' OR password_hash IS NOT NULL)
);
