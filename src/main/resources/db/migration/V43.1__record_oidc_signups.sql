-- Creating an account from a client's login page (docs/oidc.md#creating-an-account-from-the-login-page).
-- signup_salon: the fair (slug) accounts created from that client's login page are recorded under, as fromSalon and
-- fromSessionSalon; null when the client does not let people create an account there (`apps oidc --signup-salon`).
ALTER TABLE oidc_clients ADD COLUMN signup_salon text
  CONSTRAINT oidc_clients_signup_salon_check CHECK (signup_salon ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$');

-- The authorization request a person was in when they asked for an account, kept until they follow the mailed link: the
-- link carries a random reference, of which only the SHA-256 is kept. It is bound to the address the account was asked
-- for, so a reference works only with the activation link of that address; it serves once (used_at), and continues the
-- request only before expires_at (oidc.signupReturnTtl). Rows are pruned a day after the account links they went with
-- can no longer be used.
CREATE TABLE oidc_signups (
  ref_hash    bytea       PRIMARY KEY,
  email       text        NOT NULL,
  client_id   text        NOT NULL,
  parameters  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX oidc_signups_created_idx ON oidc_signups (created_at);
