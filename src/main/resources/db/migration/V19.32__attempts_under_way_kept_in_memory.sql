-- The attempts under way for a name are counted in each instance's memory now (LoginLockout): a successful login then writes
-- nothing. V19.11's columns are no longer read or written.
ALTER TABLE login_lockouts DROP COLUMN pending;
ALTER TABLE login_lockouts DROP COLUMN pending_at;
