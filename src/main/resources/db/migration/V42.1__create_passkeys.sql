-- Passkeys (issue 42): the WebAuthn credentials people register, and the challenges of their ceremonies.

-- A credential as the authenticator created it: its id (what the browser answers in every assertion), the public key as the
-- COSE key it came in, the sign counter last seen (0 for authenticators that keep none), the transports the browser
-- reported, and a name the person chose. No private material: the service never has any.
CREATE TABLE passkeys (
  id            bytea       PRIMARY KEY,
  user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key    bytea       NOT NULL,
  sign_count    bigint      NOT NULL,
  transports    text[]      NOT NULL DEFAULT '{}',
  name          text        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  CONSTRAINT passkeys_sign_count_check CHECK (sign_count >= 0 AND sign_count <= 4294967295),
  CONSTRAINT passkeys_id_check CHECK (octet_length(id) BETWEEN 16 AND 1023)
);
CREATE INDEX passkeys_user_id_idx ON passkeys (user_id);

-- A ceremony's challenge: single use (consumed by one DELETE ... RETURNING, so two instances cannot both accept it), short-lived,
-- kept as its SHA-256. A registration's names the account it is for; a sign-in's names nobody (discoverable credentials).
CREATE TABLE passkey_challenges (
  challenge_hash  bytea       PRIMARY KEY,
  purpose         text        NOT NULL,
  user_id         uuid        REFERENCES users (id) ON DELETE CASCADE,
  expires_at      timestamptz NOT NULL,
  CONSTRAINT passkey_challenges_purpose_check CHECK (purpose IN ('register', 'sign_in')),
  CONSTRAINT passkey_challenges_user_check CHECK ((purpose = 'register') = (user_id IS NOT NULL))
);
CREATE INDEX passkey_challenges_expires_at_idx ON passkey_challenges (expires_at);
