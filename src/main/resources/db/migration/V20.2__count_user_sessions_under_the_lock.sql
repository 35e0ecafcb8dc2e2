-- The read under the user's lock also counts the user's session rows, live or expired: a login (or refresh) that leaves
-- them within security.maxSessionsPerUser has no token to end, and skips the cap's statement (expired rows then wait for
-- the periodic prune). The count is as fresh as V20.1's read: every writer of a user's sessions holds this lock, and the
-- prune, which does not, only ever makes it an overcount. Dropped and made again because its result has a new column;
-- the statement that calls it names its columns, so an instance of the previous version keeps working beside this one.
DROP FUNCTION lock_user_for_sessions(uuid);
CREATE FUNCTION lock_user_for_sessions(p_user_id uuid)
RETURNS TABLE (status text, not_before timestamptz, folded_before timestamptz, newest_session timestamptz,
  session_rows bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT u.status, c.not_before, c.folded_before, s.newest, s.held
    FROM users u LEFT JOIN session_cutoffs c ON c.user_id = u.id
      CROSS JOIN LATERAL (SELECT max(us.issued_at) AS newest, count(*) AS held FROM user_sessions us
        WHERE us.user_id = u.id) s
    WHERE u.id = p_user_id;
END
$$;
