-- The cut-off of a deleted user (V17.1) is kept as long as the tokens it refuses could live: jwt.maxTtl after it, and the
-- second a token's exp is rounded up by (a token issued just before the cut-off may live jwt.maxTtl + up to 999 ms). The
-- cut-offs and folds the service writes itself are kept as long.
CREATE OR REPLACE FUNCTION cut_sessions_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
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
                               ELSE cut_at + (lifetime + 1000) * interval '1 millisecond' END, NULL)
  ON CONFLICT (user_id) DO UPDATE
    SET not_before = GREATEST(session_cutoffs.not_before, EXCLUDED.not_before),
        kept_token_id = CASE WHEN session_cutoffs.not_before IS NULL OR EXCLUDED.not_before >= session_cutoffs.not_before
                             THEN NULL ELSE session_cutoffs.kept_token_id END,
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
