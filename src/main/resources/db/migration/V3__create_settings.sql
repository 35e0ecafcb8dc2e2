-- Values shared by every instance of a deployment, such as the generated JWT secret.
CREATE TABLE settings (
  name        text        PRIMARY KEY,
  value       text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
