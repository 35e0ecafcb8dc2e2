-- The console's live board: what every instance counted, added up per minute and series (logins, refusals, lockouts, 429s,
-- 503s), and the mail outbox sampled per minute (the highest sample kept). A day of rows at most: pruned.
CREATE TABLE board_minutes (
  minute timestamptz NOT NULL,
  series text NOT NULL,
  count bigint NOT NULL,
  CONSTRAINT board_minutes_pkey PRIMARY KEY (minute, series)
);
