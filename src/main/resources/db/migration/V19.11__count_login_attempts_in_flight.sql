-- The lockout counts only confirmed failures now, and the attempts in flight apart: at most security.lockout.failures minus
-- the failures so far may be checked at once (so a burst of guesses still gets no more bcrypt runs than the threshold),
-- while a burst of right passwords no longer sets a lock before the first of them is found right. pending_at heals a count
-- left by an instance that stopped between counting an attempt and settling it: older than a minute, it is ignored.
ALTER TABLE login_lockouts ADD COLUMN pending integer NOT NULL DEFAULT 0;
ALTER TABLE login_lockouts ADD COLUMN pending_at timestamptz NOT NULL DEFAULT now();
