-- The audit trail of security events (logins, refusals, password and address changes, disabled and deleted accounts), kept
-- audit.retention then pruned. Written in batches off the request path. A flood from one source is folded: past a threshold,
-- the events of one kind, source and minute are one row (folded) whose count grows, merged across instances by the unique
-- index below.
CREATE TABLE audit_events (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at     timestamptz NOT NULL,
  kind            text        NOT NULL,
  user_id         uuid,
  identifier      text,
  application_id  uuid,
  source          inet,
  user_agent      text,
  request_id      text,
  detail          text,
  count           integer     NOT NULL DEFAULT 1,
  folded          boolean     NOT NULL DEFAULT false
);

CREATE INDEX audit_events_occurred_at_idx ON audit_events (occurred_at);
CREATE INDEX audit_events_user_idx ON audit_events (user_id, occurred_at) WHERE user_id IS NOT NULL;
CREATE INDEX audit_events_identifier_idx ON audit_events (identifier, occurred_at) WHERE identifier IS NOT NULL;
CREATE INDEX audit_events_source_idx ON audit_events (source, occurred_at);
CREATE UNIQUE INDEX audit_events_folded_key ON audit_events (kind, source, occurred_at) NULLS NOT DISTINCT WHERE folded;
