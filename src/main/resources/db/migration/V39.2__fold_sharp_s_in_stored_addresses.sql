-- Addresses used to be case folded in one round, which left the capital sharp s (ẞ) as ß; every lookup now folds on to the
-- fixed point (ß → ss), so an account stored with ß could no longer be found by its own address: no login, no reset. It gets
-- the form lookups use, unless another account already has that form (or another ß address folds to it too): those are
-- left as they are, for the operator to settle (docs/operating.md, "Addresses with ß").
WITH folded AS (
  SELECT id, replace(email, 'ß', 'ss') AS target FROM users WHERE email LIKE '%ß%'),
alone AS (
  SELECT f.id, f.target FROM folded f
  WHERE NOT EXISTS (SELECT 1 FROM users other WHERE other.email = f.target)
    AND (SELECT count(*) FROM folded same WHERE same.target = f.target) = 1)
UPDATE users u SET email = alone.target, updated_at = now()
FROM alone WHERE u.id = alone.id;

-- An address change waiting for its confirmation lands on the form lookups use; whether it is taken is checked when it is
-- confirmed, as for any other.
UPDATE email_changes SET new_email = replace(new_email, 'ß', 'ss') WHERE new_email LIKE '%ß%';
