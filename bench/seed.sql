-- Bench data, written straight into the fresh database by bench/run (psql variables :users, :activations, :hash):
-- much faster than one `users create` (one JVM and one bcrypt run) per account.
--   u1..u<users>@bench.example      active accounts, all with the password hash :hash (bcrypt of bench/run's password at
--                                   the configured cost, computed by BenchHash.java at run time): login, update, peak
--   act-1..act-<activations>@...    pending accounts, each with a link whose token is "bench-activation-token-<n>"; only
--                                   its SHA-256 is stored, as /user/create stores it: activate
INSERT INTO users (email, password_hash, status, language, from_salon, from_session_salon)
SELECT 'u' || g || '@bench.example', :'hash', 'active', 'eng-GB', 'salon-2026', 'salon-2026-spring'
FROM generate_series(1, :users) AS g;

WITH pending AS (
  INSERT INTO users (email, status, language, from_salon, from_session_salon)
  SELECT 'act-' || g || '@bench.example', 'pending', 'eng-GB', 'salon-2026', 'salon-2026-spring'
  FROM generate_series(1, :activations) AS g
  RETURNING id, email
)
INSERT INTO account_links (token_hash, user_id, expires_at)
SELECT sha256(convert_to('bench-activation-token-' || split_part(substr(email, 5), '@', 1), 'UTF8')), id,
       now() + interval '1 day'
FROM pending;

ANALYZE users;
ANALYZE account_links;
