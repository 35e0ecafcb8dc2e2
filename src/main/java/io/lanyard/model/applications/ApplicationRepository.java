package io.lanyard.model.applications;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The {@code applications} table. Writes come from the CLI and announce themselves to every instance. */
public final class ApplicationRepository {

  private static final String COLUMNS = """
    id, name, token_hash, can_create_users, user_scope, link_url, enabled, revoked_at, expires_at, reset_url, email_url,
    return_url, display_name""";
  private static final String LIST_ALL = "SELECT " + COLUMNS + " FROM applications ORDER BY name";
  private static final String FIND_BY_NAME = "SELECT " + COLUMNS + " FROM applications WHERE name = $1";
  private static final String INSERT = """
    INSERT INTO applications (name, token_hash, can_create_users, user_scope, link_url, expires_at, reset_url, email_url,
      return_url, display_name)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
    ON CONFLICT ON CONSTRAINT applications_name_key DO NOTHING
    RETURNING id""";
  private static final String SET_ENABLED = """
    UPDATE applications SET enabled = $2, updated_at = now() WHERE name = $1""";
  private static final String REVOKE = """
    UPDATE applications SET revoked_at = coalesce(revoked_at, now()), updated_at = now() WHERE name = $1""";
  private static final String SET_LINK_URL = """
    UPDATE applications SET link_url = $2, updated_at = now() WHERE name = $1""";
  private static final String SET_DISPLAY_NAME = """
    UPDATE applications SET display_name = $2, updated_at = now() WHERE name = $1""";
  // Only the URLs given change: a null parameter keeps the stored value.
  private static final String UPDATE_URLS = """
    UPDATE applications SET link_url = coalesce($2, link_url), reset_url = coalesce($3, reset_url),
      email_url = coalesce($4, email_url), return_url = coalesce($5, return_url), updated_at = now()
    WHERE name = $1""";
  private static final String ANNOUNCE = """
    SELECT pg_notify($1, '')""";

  /** An application with the hex SHA-256 of its token, as the directory indexes it. */
  public record Stored(String tokenHashHex, Application application) {
  }

  public Future<List<Stored>> listAll(SqlClient client) {
    return client.preparedQuery(LIST_ALL).execute().map(ApplicationRepository::toStored);
  }

  public Future<Optional<Application>> findByName(SqlClient client, String name) {
    return client.preparedQuery(FIND_BY_NAME).execute(Tuple.of(name))
      .map(rows -> toStored(rows).stream().findFirst().map(Stored::application));
  }

  /** @return the new application's id, or empty when the name is taken */
  public Future<Optional<String>> insert(Pool pool, String name, byte[] tokenHash, boolean canCreateUsers, UserScope scope,
                                         Optional<String> linkUrl, Optional<OffsetDateTime> expiresAt) {
    return insert(pool, name, tokenHash, canCreateUsers, scope, linkUrl, ApplicationUrls.none(), expiresAt);
  }

  /** @return the new application's id, or empty when the name is taken */
  public Future<Optional<String>> insert(Pool pool, String name, byte[] tokenHash, boolean canCreateUsers, UserScope scope,
                                         Optional<String> linkUrl, ApplicationUrls urls, Optional<OffsetDateTime> expiresAt) {
    return insert(pool, name, tokenHash, canCreateUsers, scope, linkUrl, urls, expiresAt, Optional.empty());
  }

  /**
   * @param displayName the name the hosted pages show (else {@code name})
   * @return the new application's id, or empty when the name is taken
   */
  public Future<Optional<String>> insert(Pool pool, String name, byte[] tokenHash, boolean canCreateUsers, UserScope scope,
                                         Optional<String> linkUrl, ApplicationUrls urls, Optional<OffsetDateTime> expiresAt,
                                         Optional<String> displayName) {
    Tuple values = Tuple.of(name, Buffer.buffer(tokenHash), canCreateUsers, scope.wireName(),
      linkUrl.orElse(null), expiresAt.orElse(null), urls.resetUrl().orElse(null), urls.emailUrl().orElse(null))
      .addString(urls.returnUrl().orElse(null)).addString(displayName.orElse(null));
    return announcing(pool, tx -> tx.preparedQuery(INSERT).execute(values)
      .map(rows -> rows.size() == 0 ? Optional.<String>empty() : Optional.of(rows.iterator().next().getUUID("id").toString())));
  }

  /** @return whether an application of that name exists */
  public Future<Boolean> setEnabled(Pool pool, String name, boolean enabled) {
    return announcing(pool, tx -> tx.preparedQuery(SET_ENABLED).execute(Tuple.of(name, enabled)).map(rows -> rows.rowCount() == 1));
  }

  /** Revoking is final: the token never works again (the row stays, users still point at it). */
  public Future<Boolean> revoke(Pool pool, String name) {
    return announcing(pool, tx -> tx.preparedQuery(REVOKE).execute(Tuple.of(name)).map(rows -> rows.rowCount() == 1));
  }

  public Future<Boolean> setLinkUrl(Pool pool, String name, String linkUrl) {
    return announcing(pool, tx -> tx.preparedQuery(SET_LINK_URL).execute(Tuple.of(name, linkUrl)).map(rows -> rows.rowCount() == 1));
  }

  /** Sets the URLs given (present), keeps the others; whether an application of that name exists. */
  public Future<Boolean> updateUrls(Pool pool, String name, Optional<String> linkUrl, ApplicationUrls urls) {
    Tuple values = Tuple.of(name, linkUrl.orElse(null), urls.resetUrl().orElse(null), urls.emailUrl().orElse(null),
      urls.returnUrl().orElse(null));
    return announcing(pool, tx -> tx.preparedQuery(UPDATE_URLS).execute(values).map(rows -> rows.rowCount() == 1));
  }

  /** @param displayName empty: the hosted pages show the application's name again */
  public Future<Boolean> setDisplayName(Pool pool, String name, Optional<String> displayName) {
    return announcing(pool, tx -> tx.preparedQuery(SET_DISPLAY_NAME).execute(Tuple.of(name, displayName.orElse(null)))
      .map(rows -> rows.rowCount() == 1));
  }

  private static <T> Future<T> announcing(Pool pool, Function<SqlClient, Future<T>> change) {
    return pool.withTransaction(tx -> change.apply(tx)
      .compose(result -> tx.preparedQuery(ANNOUNCE).execute(Tuple.of(Topics.APPLICATIONS_CHANGED)).map(result)));
  }

  private static List<Stored> toStored(RowSet<Row> rows) {
    List<Stored> all = new ArrayList<>(rows.size());
    for (Row row : rows) {
      Application application = new Application(
        row.getUUID("id").toString(),
        row.getString("name"),
        row.getBoolean("can_create_users"),
        UserScope.fromWire(row.getString("user_scope")).orElse(UserScope.NONE),
        Optional.ofNullable(row.getString("link_url")),
        row.getBoolean("enabled"),
        Optional.ofNullable(row.getOffsetDateTime("revoked_at")).map(OffsetDateTime::toInstant),
        Optional.ofNullable(row.getOffsetDateTime("expires_at")).map(OffsetDateTime::toInstant),
        new ApplicationUrls(Optional.ofNullable(row.getString("reset_url")), Optional.ofNullable(row.getString("email_url")),
          Optional.ofNullable(row.getString("return_url"))),
        Optional.ofNullable(row.getString("display_name")));
      all.add(new Stored(HexFormat.of().formatHex(row.getBuffer("token_hash").getBytes()), application));
    }
    return all;
  }
}
