package io.lanyard.server;

import io.lanyard.api.ApiError;
import io.lanyard.api.ApiRequest;
import io.lanyard.api.Reply;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/** GET /_healthCheck: 200 {@code {status: "green", services: {database: "green"}}} when the database answers | 503. */
public final class HealthCheck {

  private static final Logger log = LoggerFactory.getLogger(HealthCheck.class);
  private static final String PING = """
    SELECT 1""";
  private static final long TIMEOUT_MS = 3000;

  private final Pool pool;

  public HealthCheck(Pool pool) {
    this.pool = pool;
  }

  public Future<Reply> handle(ApiRequest request) {
    return pool.query(PING).execute()
      .timeout(TIMEOUT_MS, TimeUnit.MILLISECONDS)
      .map(answered -> Reply.ok(new JsonObject().put("status", "green").put("services", new JsonObject().put("database", "green"))))
      .otherwise(failure -> {
        log.warn("Health check: the database does not answer: {}", failure.toString());
        return Reply.error(ApiError.unavailable("The database does not answer", "services.storage.unavailable"));
      });
  }
}
