-- Webhooks to partner systems (badge printer, exhibitor portal, CRM). One subscription per application: where to POST, which
-- event types, and the secret that signs every delivery (Standard Webhooks). HMAC needs the secret itself, so it is stored
-- as is: a dump of this table reveals it (README, Backups).
CREATE TABLE webhook_subscriptions (
  id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id  uuid        NOT NULL CONSTRAINT webhook_subscriptions_application_fkey
                                REFERENCES applications (id) ON DELETE CASCADE,
  url             text        NOT NULL,
  events          text[]      NOT NULL,
  secret          text        NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_subscriptions_application_key UNIQUE (application_id)
);

-- The event outbox: an event is written in the transaction of the change it describes, only when some subscription wants
-- it. No foreign key to users: user.deleted outlives its account.
CREATE TABLE webhook_events (
  id          uuid        PRIMARY KEY,
  type        text        NOT NULL,
  user_id     uuid        NOT NULL,
  data        jsonb       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One delivery per event and subscription, drained by every instance (FOR UPDATE SKIP LOCKED). The id orders the deliveries
-- of one user to one subscription: a delivery waits while an earlier one of its chain is still pending.
CREATE TABLE webhook_deliveries (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id         uuid        NOT NULL CONSTRAINT webhook_deliveries_event_fkey
                                 REFERENCES webhook_events (id) ON DELETE CASCADE,
  subscription_id  uuid        NOT NULL CONSTRAINT webhook_deliveries_subscription_fkey
                                 REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  user_id          uuid        NOT NULL,
  status           text        NOT NULL DEFAULT 'pending',
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'dead'))
);

CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_chain_idx ON webhook_deliveries (subscription_id, user_id, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at) WHERE status <> 'pending';
