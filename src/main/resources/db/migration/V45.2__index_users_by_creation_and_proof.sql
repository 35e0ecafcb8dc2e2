-- The live board counts sign-ups and proven addresses per minute over the last hour, load tests' synthetic accounts aside:
-- two range scans, erased accounts included (an account erased since still signed up).
CREATE INDEX users_real_created_at_idx ON users (created_at) WHERE NOT synthetic;
CREATE INDEX users_real_email_verified_at_idx ON users (email_verified_at) WHERE email_verified_at IS NOT NULL AND NOT synthetic;
