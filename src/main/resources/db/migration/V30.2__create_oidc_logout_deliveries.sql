-- Back-channel logout (OpenID Connect Back-Channel Logout 1.0, docs/decisions.md §13): when an SSO session ends, one
-- delivery per client of the session that registered a back-channel URI, written in the statement that ends its grants'
-- session and drained by every instance (FOR UPDATE SKIP LOCKED) with retries and backoff, like webhooks. The logout token
-- is signed when it is sent: nothing secret is stored here.
CREATE TABLE oidc_logout_deliveries (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id        text        NOT NULL,
  sid              uuid        NOT NULL,
  user_id          uuid        NOT NULL,
  uri              text        NOT NULL,
  status           text        NOT NULL DEFAULT 'pending',
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  CONSTRAINT oidc_logout_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'dead'))
);

CREATE INDEX oidc_logout_deliveries_pending_idx ON oidc_logout_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX oidc_logout_deliveries_finished_idx ON oidc_logout_deliveries (created_at) WHERE status <> 'pending';
