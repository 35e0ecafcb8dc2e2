package io.lanyard.model.applications;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code oidc_clients} table, read with the application each client is. Writes come from the CLI and announce themselves
 * on the applications' channel, so every instance reloads its copy within a second.
 */
public final class OidcClientRepository {

  private static final String LIST_ALL = """
    SELECT c.client_id, c.secret_hash, c.redirect_uris, c.post_logout_redirect_uris, c.first_party, c.backchannel_logout_uri,
      c.id_token_alg, c.signup_salon, a.id, a.name, a.display_name, a.enabled, a.revoked_at, a.expires_at
    FROM oidc_clients c JOIN applications a ON a.id = c.application_id""";
  private static final String FIND_BY_APPLICATION = LIST_ALL + " WHERE c.application_id = $1";

  // The client id stays what it was; a secret is replaced only when a new one is given ($3 null keeps it).
  private static final String UPSERT = """
    INSERT INTO oidc_clients (application_id, client_id, secret_hash, redirect_uris, post_logout_redirect_uris, first_party,
      backchannel_logout_uri, id_token_alg, signup_salon)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10)
    ON CONFLICT (application_id) DO UPDATE SET
      secret_hash = CASE WHEN $8 THEN NULL ELSE coalesce(EXCLUDED.secret_hash, oidc_clients.secret_hash) END,
      redirect_uris = EXCLUDED.redirect_uris, post_logout_redirect_uris = EXCLUDED.post_logout_redirect_uris,
      first_party = EXCLUDED.first_party, backchannel_logout_uri = EXCLUDED.backchannel_logout_uri,
      id_token_alg = EXCLUDED.id_token_alg, signup_salon = EXCLUDED.signup_salon, updated_at = now()
    RETURNING client_id, secret_hash IS NOT NULL AS confidential""";
  private static final String ANNOUNCE = """
    SELECT pg_notify($1, '')""";

  /** What a registration wrote: the client's id, and whether it now holds a secret. */
  public record Registered(String clientId, boolean confidential) {
  }

  /**
   * The client's settings as the operator gives them.
   *
   * @param newSecretHash a new secret's SHA-256 to keep; empty keeps the current one (or none)
   * @param isPublic a public client: any secret it held goes
   * @param signupSalon the fair of accounts created from the login page; empty: the page offers no account creation
   */
  public record Registration(List<String> redirectUris, List<String> postLogoutRedirectUris, boolean firstParty,
                             Optional<String> backchannelLogoutUri, Optional<byte[]> newSecretHash, boolean isPublic,
                             IdTokenAlgorithm idTokenAlgorithm, Optional<String> signupSalon) {
  }

  public Future<List<OidcClient>> listAll(SqlClient client) {
    return client.preparedQuery(LIST_ALL).execute().map(rows -> {
      List<OidcClient> all = new ArrayList<>(rows.size());
      rows.forEach(row -> all.add(toClient(row)));
      return all;
    });
  }

  public Future<Optional<OidcClient>> findByApplication(SqlClient client, String applicationId) {
    return client.preparedQuery(FIND_BY_APPLICATION).execute(Tuple.of(UUID.fromString(applicationId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toClient(rows.iterator().next())));
  }

  /** Makes the application a client, or changes its settings; the client id is the application's id. */
  public Future<Registered> register(Pool pool, String applicationId, Registration registration) {
    Tuple values = Tuple.of(UUID.fromString(applicationId), applicationId,
      registration.newSecretHash().map(Buffer::buffer).orElse(null),
      registration.redirectUris().toArray(String[]::new), registration.postLogoutRedirectUris().toArray(String[]::new),
      registration.firstParty(), registration.backchannelLogoutUri().orElse(null), registration.isPublic(),
      registration.idTokenAlgorithm().name()).addString(registration.signupSalon().orElse(null));
    return pool.withTransaction(tx -> tx.preparedQuery(UPSERT).execute(values)
      .map(rows -> new Registered(rows.iterator().next().getString("client_id"), rows.iterator().next().getBoolean("confidential")))
      .compose(registered -> tx.preparedQuery(ANNOUNCE).execute(Tuple.of(Topics.APPLICATIONS_CHANGED)).map(registered)));
  }

  private static OidcClient toClient(Row row) {
    Buffer secret = row.getBuffer("secret_hash");
    String name = row.getString("name");
    Application application = new Application(row.getUUID("id").toString(), name, false, UserScope.NONE, Optional.empty(),
      row.getBoolean("enabled"), Optional.ofNullable(row.getOffsetDateTime("revoked_at")).map(OffsetDateTime::toInstant),
      Optional.ofNullable(row.getOffsetDateTime("expires_at")).map(OffsetDateTime::toInstant), ApplicationUrls.none(),
      Optional.ofNullable(row.getString("display_name")));
    return new OidcClient(row.getString("client_id"), application.id(), application.label(),
      Optional.ofNullable(secret).map(Buffer::getBytes), List.copyOf(Arrays.asList(row.getArrayOfStrings("redirect_uris"))),
      List.copyOf(Arrays.asList(row.getArrayOfStrings("post_logout_redirect_uris"))), row.getBoolean("first_party"),
      Optional.ofNullable(row.getString("backchannel_logout_uri")),
      IdTokenAlgorithm.parse(row.getString("id_token_alg")).orElse(IdTokenAlgorithm.DEFAULT),
      Optional.ofNullable(row.getString("signup_salon")), application);
  }

  /** Whether the client's application lets it work now. */
  public static boolean isUsable(OidcClient client, Instant now) {
    return !client.application().isRevoked() && client.application().isActive(now);
  }
}
