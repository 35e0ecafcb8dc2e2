-- Mail that a rule keeps from SMTP (a recipient over its limit, a synthetic load-test address, a staging deployment) is still
-- written, so a request answers exactly as usual and `mail status` can count it, but it is never sent: status 'suppressed',
-- with the rule's reason.
ALTER TABLE mail_outbox ADD COLUMN suppressed_reason text;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sent', 'dead', 'suppressed'));
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_suppressed_reason_check
  CHECK ((status = 'suppressed') = (suppressed_reason IS NOT NULL));
