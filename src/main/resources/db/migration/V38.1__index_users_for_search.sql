-- The help desk's search (docs/helpdesk.md#finding-an-account): any part of an address, first or last name, case- and
-- accent-insensitive. pg_trgm and unaccent are trusted extensions (PostgreSQL 13+): the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could be changed), so an index cannot use it directly. Naming the dictionary and
-- the schema pins it, which makes calling it IMMUTABLE safe: the usual wrapper.
CREATE FUNCTION lanyard_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- What a search looks in, folded: "first last email".
CREATE FUNCTION lanyard_account_search_text(email text, profile jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lanyard_fold(coalesce(profile ->> 'firstname', '') || ' ' || coalesce(profile ->> 'lastname', '') || ' '
    || coalesce(email, '')) $$;

-- Kept folded in the row, so that checking a candidate the index found (and walking the newest accounts) compares stored
-- text instead of calling unaccent again for each row, and so that ANALYZE keeps statistics the planner estimates a text's
-- frequency from. Adding it rewrites the table once.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (lanyard_account_search_text(email, profile)) STORED;

CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops) WHERE status <> 'deleted';

-- Newest first: a frequent text (a common domain) is answered by walking this index and stopping at a page.
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC) WHERE status <> 'deleted';
