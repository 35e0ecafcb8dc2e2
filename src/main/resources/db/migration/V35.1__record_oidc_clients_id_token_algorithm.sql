-- Which algorithm signs a client's ID tokens and logout tokens (docs/decisions.md §13): RS256 unless the client registered
-- ES256 (`apps oidc --id-token-alg`). RS256 is what OpenID Connect Discovery requires a provider to offer and what relying
-- parties assume when they registered nothing, so existing clients get it too.
ALTER TABLE oidc_clients ADD COLUMN id_token_alg text NOT NULL DEFAULT 'RS256'
  CONSTRAINT oidc_clients_id_token_alg_check CHECK (id_token_alg IN ('RS256', 'ES256'));
