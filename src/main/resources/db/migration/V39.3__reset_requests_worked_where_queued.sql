-- A reset request is worked by the instance that queued it (its own settings, its own nudge); another instance's worker takes
-- it only once it has waited long enough to be an orphan (an instance that stopped or crashed). Same column, same value
-- shape, for every address.
ALTER TABLE password_reset_requests ADD COLUMN queued_by uuid;
