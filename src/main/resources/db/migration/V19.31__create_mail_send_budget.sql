-- mail.maxSendRate (docs/decisions.md §7): the deployment's budget of mails handed to SMTP, one token bucket shared by every
-- instance. Delivery refills it from the time elapsed and spends it as it leases mail, under the row's lock, in the lease's
-- transaction. The row is made by the first lease that needs it.
CREATE TABLE mail_send_budget (
  id           boolean          PRIMARY KEY DEFAULT true,
  tokens       double precision NOT NULL,
  refilled_at  timestamptz      NOT NULL,
  CONSTRAINT mail_send_budget_single_row CHECK (id)
);

-- A mail's age, which decides when a failing mail is given up (mail.maxAge), runs from its first attempt: time spent waiting
-- in the outbox for the send rate, or for an SMTP server that was down, never makes a mail dead.
ALTER TABLE mail_outbox ADD COLUMN first_attempt_at timestamptz;
UPDATE mail_outbox SET first_attempt_at = coalesce(requeued_at, created_at) WHERE attempts > 0;
