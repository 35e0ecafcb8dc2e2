-- Delivery leases a batch of mail (one short commit) and records each mail's outcome right after its own SMTP reply, so a
-- crash in the middle of a slow batch leaves only the unanswered mail to send again, once the lease runs out; never one that
-- SMTP already accepted. requeued_at restarts the age a temporarily failing mail is given up at (`mail retry-dead`).
ALTER TABLE mail_outbox ADD COLUMN leased_until timestamptz;
ALTER TABLE mail_outbox ADD COLUMN requeued_at timestamptz;
