-- requestPasswordReset answers after one insert here, the same row whatever the address (docs/security.md, "No timing
-- oracle on a reset"): whether the address has an account, and what it then gets, is decided by every instance's worker,
-- which takes a row, sends what the account needs and deletes the row in one transaction (so a request gets its mail once,
-- also when a worker dies mid-way). No index but the key: the request path touches no other.
CREATE TABLE password_reset_requests (
  id              bigserial   PRIMARY KEY,
  email           text        NOT NULL,
  -- the route's admitted application; empty for the hosted page opened without ?app= (the account's own is used)
  application_id  uuid,
  language        text,
  -- the answering instance's http.publicUrl: its links lead where that instance's would, whichever instance sends them
  public_url      text,
  requested_at    timestamptz NOT NULL DEFAULT now(),
  -- a row whose work failed waits out a backoff; after a few failures it is given up (logged)
  attempts        integer     NOT NULL DEFAULT 0,
  not_before      timestamptz NOT NULL DEFAULT now()
);
