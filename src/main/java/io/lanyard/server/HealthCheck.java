package io.lanyard.server;

import io.lanyard.api.ApiError;
import io.lanyard.api.Reply;
import io.lanyard.db.SchemaHistory;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import org.flywaydb.core.api.MigrationVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * GET /_healthCheck: readiness by default, 200 {@code {status: "green", probe, services: {database, migrations, mail}}} when
 * every check is green | 503 ServiceUnavailableError with the same result, naming the red checks | 400 bad {@code probe}.
 * {@code ?probe=liveness} checks nothing beyond the answer itself: a database outage must not get a live process restarted.
 */
public final class HealthCheck {

  private static final Logger log = LoggerFactory.getLogger(HealthCheck.class);
  private static final String PING = """
    SELECT 1""";
  private static final long TIMEOUT_MS = 3000;
  private static final String GREEN = "green";
  private static final String RED = "red";

  private final Pool pool;
  private final SchemaHistory history;
  private final Optional<MigrationVersion> expectedVersion;
  private final BooleanSupplier mailDeployed;

  /**
   * @param expectedVersion the version the classpath's migrations lead to
   * @param mailDeployed whether the mail verticle is deployed (mail is queued either way, but nothing would send it)
   */
  public HealthCheck(Pool pool, SchemaHistory history, Optional<MigrationVersion> expectedVersion, BooleanSupplier mailDeployed) {
    this.pool = pool;
    this.history = history;
    this.expectedVersion = expectedVersion;
    this.mailDeployed = mailDeployed;
  }

  public Future<Reply> handle(HealthCheckRequest request) {
    String probe = request.probe();
    if ("liveness".equals(probe)) {
      return Future.succeededFuture(Reply.ok(new JsonObject().put("status", GREEN).put("probe", "liveness")
        .put("services", new JsonObject())));
    }
    if (probe != null && !"readiness".equals(probe)) {
      return Future.succeededFuture(Reply.error(ApiError.invalidArgument("probe")));
    }
    Future<Boolean> database = pool.query(PING).execute().timeout(TIMEOUT_MS, TimeUnit.MILLISECONDS)
      .map(true).otherwise(failure -> failed("the database does not answer", failure));
    Future<Boolean> migrations = history.appliedVersion(pool).timeout(TIMEOUT_MS, TimeUnit.MILLISECONDS)
      .map(this::upToDate).otherwise(failure -> failed("the schema history cannot be read", failure));
    boolean mail = mailDeployed.getAsBoolean();
    return Future.all(database, migrations).map(checked -> reply(database.result(), migrations.result(), mail));
  }

  /** Up to date when the database has every migration of this code: a newer one (a rolling upgrade under way) is fine. */
  private boolean upToDate(Optional<MigrationVersion> applied) {
    boolean upToDate = expectedVersion.isPresent() && applied.isPresent() && applied.get().compareTo(expectedVersion.get()) >= 0;
    if (!upToDate) {
      log.warn("Health check: database schema at version {}, this code needs {}", applied.map(Object::toString).orElse("none"),
        expectedVersion.map(Object::toString).orElse("unknown"));
    }
    return upToDate;
  }

  private static boolean failed(String what, Throwable failure) {
    log.warn("Health check: {}: {}", what, failure.toString());
    return false;
  }

  private static Reply reply(boolean database, boolean migrations, boolean mail) {
    boolean ready = database && migrations && mail;
    JsonObject result = new JsonObject()
      .put("status", ready ? GREEN : RED)
      .put("probe", "readiness")
      .put("services", new JsonObject()
        .put("database", database ? GREEN : RED)
        .put("migrations", migrations ? GREEN : RED)
        .put("mail", mail ? GREEN : RED));
    if (ready) {
      return Reply.ok(result);
    }
    return Reply.errorWithResult(unavailable(database, migrations), result);
  }

  /** The first cause in the order an operator would look: no database explains the rest. */
  private static ApiError unavailable(boolean database, boolean migrations) {
    if (!database) {
      return ApiError.unavailable("The database does not answer", "services.storage.unavailable");
    }
    if (!migrations) {
      return ApiError.unavailable("The database schema is not up to date", "services.storage.schema_outdated");
    }
    return ApiError.unavailable("Mail delivery is not running", "services.mail.unavailable");
  }
}
