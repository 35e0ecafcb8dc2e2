-- Every write of a revocation or a cut-off takes the next number of one sequence shared by both tables, whoever writes it
-- (the service, the CLI, the trigger that cuts off a deleted user): an instance that may have missed notifications catches up on
-- the rows numbered after those it has read, with no reliance on clocks. A number is taken when the row is written, not when
-- its transaction commits, so readers re-read a margin behind their high-water mark (RevocationSync, docs/decisions.md).
-- The sequence belongs to no table: a TRUNCATE ... RESTART IDENTITY never takes numbers back from under a running instance.
CREATE SEQUENCE revocation_seq AS bigint;

ALTER TABLE token_revocations ADD COLUMN seq bigint NOT NULL DEFAULT nextval('revocation_seq');
ALTER TABLE session_cutoffs ADD COLUMN seq bigint NOT NULL DEFAULT nextval('revocation_seq');

CREATE FUNCTION number_revocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := nextval('revocation_seq');
  RETURN NEW;
END $$;

-- BEFORE UPDATE too: an upsert that tightens a row (a later cut-off, an earlier refusal) must be read again
CREATE TRIGGER token_revocations_numbered BEFORE INSERT OR UPDATE ON token_revocations
  FOR EACH ROW EXECUTE FUNCTION number_revocation();
CREATE TRIGGER session_cutoffs_numbered BEFORE INSERT OR UPDATE ON session_cutoffs
  FOR EACH ROW EXECUTE FUNCTION number_revocation();

CREATE INDEX token_revocations_seq_idx ON token_revocations (seq);
CREATE INDEX session_cutoffs_seq_idx ON session_cutoffs (seq);
