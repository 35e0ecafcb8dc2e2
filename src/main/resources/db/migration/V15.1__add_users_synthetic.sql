-- Synthetic accounts of a load test (an address in loadTest.domains), marked as they are created, so `users purge --synthetic`
-- finds them, and only them, without reading the domain list back from the addresses.
ALTER TABLE users ADD COLUMN synthetic boolean NOT NULL DEFAULT false;
CREATE INDEX users_synthetic_created_at_idx ON users (created_at) WHERE synthetic;

-- Erasing an account finds its mails and revocations by user: without these, each deleted user costs a scan of both tables
-- (the foreign keys' ON DELETE actions look them up too).
CREATE INDEX IF NOT EXISTS mail_outbox_user_idx ON mail_outbox (user_id);
CREATE INDEX IF NOT EXISTS token_revocations_user_idx ON token_revocations (user_id);
