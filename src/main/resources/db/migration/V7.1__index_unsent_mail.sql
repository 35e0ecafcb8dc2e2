-- Mail not sent yet (pending or dead), by age: what the metrics count every few seconds. Partial, so it stays as small as the
-- backlog however many sent mails the table keeps. (7.1: it belongs with the outbox of V7.)
CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (status, created_at) WHERE status <> 'sent';
