-- The OpenID Connect provider (docs/decisions.md §13). Clients are applications: one row per application made a client by
-- `apps oidc`. A confidential client's secret is kept as its SHA-256 only (32 random bytes: no dictionary to try). Redirect
-- and post-logout URIs are compared exactly.
CREATE TABLE oidc_clients (
  application_id             uuid        PRIMARY KEY CONSTRAINT oidc_clients_application_fkey
                                           REFERENCES applications (id) ON DELETE CASCADE,
  client_id                  text        NOT NULL,
  secret_hash                bytea,
  redirect_uris              text[]      NOT NULL,
  post_logout_redirect_uris  text[]      NOT NULL DEFAULT '{}',
  first_party                boolean     NOT NULL DEFAULT false,
  backchannel_logout_uri     text,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT oidc_clients_client_id_key UNIQUE (client_id)
);

-- A browser's single sign-on session: the cookie holds 32 random bytes, of which only the SHA-256 is kept. sid is the
-- session's public id (the ID token's sid claim, the logout token's). It ends at logout (ended_at), when unused for
-- oidc.sessionIdle (last_seen_at), at expires_at (oidc.sessionMax after auth_time), and when the user's session cut-off
-- (a password change or reset, a disabled or erased account, a global logout) comes after auth_time.
CREATE TABLE oidc_sessions (
  id_hash       bytea       PRIMARY KEY,
  sid           uuid        NOT NULL,
  user_id       uuid        NOT NULL CONSTRAINT oidc_sessions_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  auth_time     timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz,
  CONSTRAINT oidc_sessions_sid_key UNIQUE (sid)
);

CREATE INDEX oidc_sessions_user_idx ON oidc_sessions (user_id);
CREATE INDEX oidc_sessions_expires_at_idx ON oidc_sessions (expires_at);

-- What a client was granted in one authorization: its scopes, the SSO session it came from, the access token last issued
-- under it (so a code presented twice, a reused refresh token or a revocation ends it), and whether it was revoked.
CREATE TABLE oidc_grants (
  id                uuid        PRIMARY KEY,
  client_id         text        NOT NULL,
  user_id           uuid        NOT NULL CONSTRAINT oidc_grants_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  sid               uuid,
  scope             text        NOT NULL,
  auth_time         timestamptz NOT NULL,
  access_token_id   text,
  access_issued_at  timestamptz,
  access_expires_at timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  revoked_at        timestamptz
);

CREATE INDEX oidc_grants_sid_idx ON oidc_grants (sid) WHERE sid IS NOT NULL;
CREATE INDEX oidc_grants_user_idx ON oidc_grants (user_id);
CREATE INDEX oidc_grants_expires_at_idx ON oidc_grants (expires_at);

-- Authorization codes: single-use (used_at), short-lived, bound to their client, redirect URI and PKCE challenge; only the
-- SHA-256 of a code is kept. grant_id names what its exchange issues, revoked when the code comes again.
CREATE TABLE oidc_codes (
  code_hash       bytea       PRIMARY KEY,
  grant_id        uuid        NOT NULL,
  client_id       text        NOT NULL,
  user_id         uuid        NOT NULL CONSTRAINT oidc_codes_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  sid             uuid        NOT NULL,
  redirect_uri    text        NOT NULL,
  scope           text        NOT NULL,
  nonce           text,
  code_challenge  text        NOT NULL,
  auth_time       timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz
);

CREATE INDEX oidc_codes_expires_at_idx ON oidc_codes (expires_at);

-- Refresh tokens, opaque (only the SHA-256 kept), one family per grant. Each use replaces the token (used_at); a token
-- used again after oidc.refreshReuseGrace revokes its grant, and so the whole family.
CREATE TABLE oidc_refresh_tokens (
  token_hash  bytea       PRIMARY KEY,
  grant_id    uuid        NOT NULL CONSTRAINT oidc_refresh_tokens_grant_fkey REFERENCES oidc_grants (id) ON DELETE CASCADE,
  issued_at   timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX oidc_refresh_tokens_grant_idx ON oidc_refresh_tokens (grant_id);
CREATE INDEX oidc_refresh_tokens_expires_at_idx ON oidc_refresh_tokens (expires_at);

-- What a person agreed a client (not first-party) may have: asked once per account, client and scopes; revocable.
CREATE TABLE oidc_consents (
  user_id     uuid        NOT NULL CONSTRAINT oidc_consents_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  client_id   text        NOT NULL,
  scopes      text[]      NOT NULL,
  granted_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);

-- Whether the account's address was proven by a mailed link (activation, a confirmed change): the ID token's
-- email_verified. Accounts activated before this version read false, the cautious answer.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
