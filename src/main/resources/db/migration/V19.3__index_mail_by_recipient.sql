-- mail.perRecipient (docs/decisions.md §7): queueing a mail counts the mails to its address in the last period. Suppressed mail is
-- never sent and does not count, so it stays out of the index: a flood of refused mail costs the count nothing.
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, created_at) WHERE status <> 'suppressed';
