package io.lanyard.web.server;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.lanyard.platform.db.DatabaseProbe;
import io.lanyard.platform.support.FailureLog;
import io.lanyard.platform.support.ServingState;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import org.flywaydb.core.api.MigrationVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * GET /_healthCheck: readiness by default, 200 {@code {status: "green", probe, services: {database, migrations, mail}}} when
 * every check is green | 503 ServiceUnavailableError with the same result, naming the red checks, or saying the instance is
 * stopping | 400 bad {@code probe}. The database is asked on the probe's own connection, within its own deadline, never on a
 * pooled one. {@code ?probe=liveness} checks nothing beyond the answer itself: a database outage must not get a live process
 * restarted.
 */
public final class HealthCheck {

  private static final Logger log = LoggerFactory.getLogger(HealthCheck.class);
  /** Load balancers probe every few seconds: a red check is logged once per interval, not at every probe. */
  private static final FailureLog redChecks = new FailureLog(log);
  private static final String GREEN = "green";
  private static final String RED = "red";

  private final DatabaseProbe probe;
  private final Optional<MigrationVersion> expectedVersion;
  private final BooleanSupplier mailDeployed;
  private final ServingState servingState;

  /**
   * @param expectedVersion the version the classpath's migrations lead to
   * @param mailDeployed whether the mail verticle is deployed (mail is queued either way, but nothing would send it)
   * @param servingState whether the instance is draining, when readiness fails whatever the checks say
   */
  public HealthCheck(DatabaseProbe probe, Optional<MigrationVersion> expectedVersion, BooleanSupplier mailDeployed,
                     ServingState servingState) {
    this.probe = probe;
    this.expectedVersion = expectedVersion;
    this.mailDeployed = mailDeployed;
    this.servingState = servingState;
  }

  public Future<Reply> handle(HealthCheckRequest request) {
    String probeName = request.probe();
    if ("liveness".equals(probeName)) {
      return Future.succeededFuture(Reply.ok(new JsonObject().put("status", GREEN).put("probe", "liveness")
        .put("services", new JsonObject())));
    }
    if (probeName != null && !"readiness".equals(probeName)) {
      return Future.succeededFuture(Reply.error(ApiError.invalidArgument("probe")));
    }
    boolean mail = mailDeployed.getAsBoolean();
    return probe.read().map(reading -> {
      if (!reading.answers()) {
        redChecks.warn("database", "Health check: the database does not answer: "
          + reading.problem().map(Object::toString).orElse("no reason given"));
      }
      boolean migrations = reading.answers() && upToDate(reading);
      return reply(reading.answers(), migrations, mail, servingState.isDraining());
    });
  }

  /** Up to date when the database has every migration of this code: a newer one (a rolling upgrade under way) is fine. */
  private boolean upToDate(DatabaseProbe.Reading reading) {
    if (reading.applied().isEmpty() && reading.problem().isPresent()) {
      redChecks.warn("history", "Health check: the schema history cannot be read: " + reading.problem().get());
      return false;
    }
    Optional<MigrationVersion> applied = reading.applied();
    boolean upToDate = expectedVersion.isPresent() && applied.isPresent() && applied.get().compareTo(expectedVersion.get()) >= 0;
    if (!upToDate) {
      redChecks.warn("migrations", "Health check: database schema at version " + applied.map(Object::toString).orElse("none")
        + ", this code needs " + expectedVersion.map(Object::toString).orElse("unknown"));
    }
    return upToDate;
  }

  private static Reply reply(boolean database, boolean migrations, boolean mail, boolean draining) {
    boolean ready = database && migrations && mail && !draining;
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
    return Reply.errorWithResult(unavailable(database, migrations, mail), result);
  }

  /**
   * The first red check in the order an operator would look (no database explains the rest); with every check green, the
   * instance is draining.
   */
  private static ApiError unavailable(boolean database, boolean migrations, boolean mail) {
    if (database && migrations && mail) {
      return ApiError.unavailable("The service is shutting down", "api.process.shutting_down");
    }
    if (!database) {
      return ApiError.unavailable("The database does not answer", ApiError.STORAGE_UNAVAILABLE);
    }
    if (!migrations) {
      return ApiError.unavailable("The database schema is not up to date", "services.storage.schema_outdated");
    }
    return ApiError.unavailable("Mail delivery is not running", "services.mail.unavailable");
  }
}
