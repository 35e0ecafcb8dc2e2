-- A session write (login, refresh, logout, cut-off) locks the user's row, then reads its cut-off, fold and newest token to
-- stamp the next token after them. In one statement the read would use the snapshot taken before the lock was granted: a
-- write that waited on the lock would miss what its holder committed (a newer token, a cut-off of an instance whose clock
-- runs ahead), and stamp a token that cut-off refuses. Each statement of a volatile function takes a fresh snapshot, so the
-- read here, after the lock, sees every committed write to the user's sessions, in the same single round trip.
CREATE FUNCTION lock_user_for_sessions(p_user_id uuid)
RETURNS TABLE (status text, not_before timestamptz, folded_before timestamptz, newest_session timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT u.status, c.not_before, c.folded_before,
      (SELECT max(s.issued_at) FROM user_sessions s WHERE s.user_id = u.id)
    FROM users u LEFT JOIN session_cutoffs c ON c.user_id = u.id
    WHERE u.id = p_user_id;
END
$$;
