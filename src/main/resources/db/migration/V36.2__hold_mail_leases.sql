-- Who holds a mail's lease: a claim leases a batch briefly, and each mail's lease is lengthened to outlast its SMTP send
-- only when it is handed over, by the instance that still holds it (docs/decisions.md, consistency between instances). A
-- crash leaves the mail it had not handed over to others within the short lease; the mail SMTP may have accepted keeps the
-- long one.
ALTER TABLE mail_outbox ADD COLUMN lease_holder uuid;
