-- The transactional outbox: a mail is written in the transaction of the change that causes it, and delivered by the mail
-- verticle of any instance (FOR UPDATE SKIP LOCKED). Bodies are cleared once the mail is sent.
CREATE TABLE mail_outbox (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id       text        NOT NULL,
  kind             text        NOT NULL,
  recipient        text        NOT NULL,
  subject          text        NOT NULL,
  text_body        text,
  html_body        text,
  user_id          uuid        CONSTRAINT mail_outbox_user_fkey REFERENCES users (id) ON DELETE SET NULL,
  application_id   uuid        CONSTRAINT mail_outbox_application_fkey REFERENCES applications (id) ON DELETE SET NULL,
  status           text        NOT NULL DEFAULT 'pending',
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  CONSTRAINT mail_outbox_message_id_key UNIQUE (message_id),
  CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sent', 'dead'))
);

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
