-- A creation sent with an Idempotency-Key records the key, the fingerprint of its request (SHA-256 of the operation and the
-- canonical body, less the password) and its reply, in the transaction that creates: a retry after a lost reply gets the
-- first reply instead of doing the work again. Keys are per application and live 24 hours (pruned every few minutes).
CREATE TABLE idempotency_keys (
  application_id  uuid        NOT NULL CONSTRAINT idempotency_keys_application_fkey REFERENCES applications (id)
                              ON DELETE CASCADE,
  key             text        NOT NULL,
  fingerprint     bytea       NOT NULL,
  reply           jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (application_id, key)
);

CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
