-- A user removed from the database (an operator's DELETE, an erasure) loses every token at once on every instance, memory-only
-- routes included: the row's deletion writes a session cut-off for it ("tokens issued before now are refused") and announces
-- it on lanyard_sessions_cut, as a global logout does. Instances check tokens against cut-offs in memory, so the read path
-- gains no query. An erased account (V13.1) keeps its row; a row deleted outright leaves its cut-off behind, so the cut-off
-- no longer references users.
ALTER TABLE session_cutoffs DROP CONSTRAINT IF EXISTS session_cutoffs_user_id_fkey;

-- The cut-off is useful until every token issued before it has expired: jwt.maxTtl later, which each instance records at
-- start in settings (jwt.max_ttl_ms; -1 or absent: tokens may never expire, so it is kept).
CREATE FUNCTION cut_sessions_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- the next whole millisecond: instances compare in milliseconds, and a token of this very millisecond must be refused
  cut_at    timestamptz := date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond';
  lifetime  bigint;
  cut       record;
BEGIN
  SELECT value::bigint INTO lifetime FROM settings WHERE name = 'jwt.max_ttl_ms';
  -- no token is spared (kept_token_id, V13.1): the later cut-off's choice wins, and this one spares none
  INSERT INTO session_cutoffs (user_id, not_before, expires_at, kept_token_id)
  VALUES (OLD.id, cut_at, CASE WHEN lifetime IS NULL OR lifetime < 0 THEN NULL
                               ELSE cut_at + lifetime * interval '1 millisecond' END, NULL)
  ON CONFLICT (user_id) DO UPDATE
    SET not_before = GREATEST(session_cutoffs.not_before, EXCLUDED.not_before),
        kept_token_id = CASE WHEN EXCLUDED.not_before >= session_cutoffs.not_before THEN NULL
                             ELSE session_cutoffs.kept_token_id END,
        expires_at = CASE WHEN session_cutoffs.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
                          ELSE GREATEST(session_cutoffs.expires_at, EXCLUDED.expires_at) END,
        recorded_at = clock_timestamp()
  RETURNING user_id, not_before, expires_at, kept_token_id INTO cut;
  PERFORM pg_notify('lanyard_sessions_cut', json_build_object(
    'userId', cut.user_id,
    'notBefore', floor(extract(epoch FROM cut.not_before) * 1000)::bigint,
    'expiresAt', coalesce(floor(extract(epoch FROM cut.expires_at) * 1000)::bigint, -1),
    'keptTokenId', cut.kept_token_id)::text);
  RETURN OLD;
END
$$;

CREATE TRIGGER users_cut_sessions_on_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cut_sessions_of_deleted_user();
