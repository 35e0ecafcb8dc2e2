-- The help desk's staff (docs/helpdesk.md#the-console): ordinary accounts given a role from the CLI (`staff grant`). desk
-- answers visitors; admin may also erase accounts. One role per account; revoking deletes the row, and the console checks the
-- row on every request, so a revoked member loses the console at their next click. Erasing the account drops its role.
CREATE TABLE staff_roles (
  user_id     uuid        PRIMARY KEY CONSTRAINT staff_roles_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  role        text        NOT NULL,
  granted_at  timestamptz NOT NULL DEFAULT now(),
  granted_by  text        NOT NULL,
  CONSTRAINT staff_roles_role_check CHECK (role IN ('desk', 'admin'))
);

-- The console's own sessions: the cookie holds 32 random bytes, of which only the SHA-256 is kept, so every instance checks
-- any browser's session. sid names the single sign-on session the staff member signed in with: when it ends (logout, a
-- password change, a disabled account) the console session is refused at the next request. expires_at is console.sessionTtl
-- after the sign-in, whatever the use.
CREATE TABLE console_sessions (
  id_hash     bytea       PRIMARY KEY,
  user_id     uuid        NOT NULL CONSTRAINT console_sessions_user_fkey REFERENCES users (id) ON DELETE CASCADE,
  sid         uuid        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

CREATE INDEX console_sessions_user_idx ON console_sessions (user_id);
CREATE INDEX console_sessions_expires_at_idx ON console_sessions (expires_at);
