-- Third-party applications and their tokens. Only the SHA-256 of a token is kept: the token itself is shown once, by the CLI.
CREATE TABLE applications (
  id                uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  name              text        NOT NULL,
  token_hash        bytea       NOT NULL,
  can_create_users  boolean     NOT NULL DEFAULT false,
  user_scope        text        NOT NULL DEFAULT 'self',
  link_url          text,
  enabled           boolean     NOT NULL DEFAULT true,
  revoked_at        timestamptz,
  expires_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT applications_name_key UNIQUE (name),
  CONSTRAINT applications_token_hash_key UNIQUE (token_hash),
  CONSTRAINT applications_user_scope_check CHECK (user_scope IN ('none', 'self', 'any'))
);

-- The application a user was created through (never its token).
ALTER TABLE users ADD COLUMN from_application_id uuid CONSTRAINT users_from_application_fkey REFERENCES applications (id);
