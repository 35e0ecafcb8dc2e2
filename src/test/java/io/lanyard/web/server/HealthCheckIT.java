package io.lanyard.web.server;

import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/** GET /_healthCheck: ready only when the database answers, has every migration, and mail delivery runs; else 503 saying which. */
class HealthCheckIT {

  private static final JsonObject ALL_GREEN = new JsonObject().put("database", "green").put("migrations", "green")
    .put("mail", "green");

  @Test
  void readyWhenEveryCheckIsGreen() {
    Http.Response response = TestApp.shared().http().get("/_healthCheck");

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("server");
    assertThat(response.body().getString("action")).isEqualTo("healthCheck");
    assertThat(response.result()).isEqualTo(new JsonObject().put("status", "green").put("probe", "readiness")
      .put("services", ALL_GREEN));
  }

  @Test
  void livenessChecksNothingButTheAnswer() {
    Http.Response response = TestApp.shared().http().get("/_healthCheck?probe=liveness");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.result().getString("probe")).isEqualTo("liveness");
    assertThat(response.result().getJsonObject("services")).isEqualTo(new JsonObject());
  }

  @Test
  void unknownProbeIs400() {
    Http.Response response = TestApp.shared().http().get("/_healthCheck?probe=startup");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.error().getString("message")).isEqualTo("Invalid argument \"probe\"");
  }

  @Test
  void unavailableWhileTheDatabaseRefusesConnectionsThenReadyAgain() {
    String database = "lanyard_health_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_DB_CREATE_DATABASE", "true",
      "LANYARD_DB_CONNECT_TIMEOUT", "1s"))) {
      TestDb.onServer("ALTER DATABASE " + database + " ALLOW_CONNECTIONS false",
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + database + "'");

      Http.Response down = app.http().get("/_healthCheck");

      assertThat(down.status()).withFailMessage(down.pretty()).isEqualTo(503);
      assertThat(down.error().getString("message")).isEqualTo("The database does not answer");
      assertThat(down.error().getString("id")).isEqualTo("services.storage.unavailable");
      assertThat(down.error().getString("stack")).isEqualTo("ServiceUnavailableError: The database does not answer");
      assertThat(down.result().getString("status")).isEqualTo("red");
      assertThat(down.result().getJsonObject("services").getString("database")).isEqualTo("red");
      assertThat(down.result().getJsonObject("services").getString("mail")).isEqualTo("green");
      assertThat(down.text()).doesNotContain(database, "127.0.0.1", "Exception");

      TestDb.onServer("ALTER DATABASE " + database + " ALLOW_CONNECTIONS true");

      Eventually.until(() -> app.http().get("/_healthCheck").status() == 200, "ready again once the database answers");
    } finally {
      TestDb.onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
  }

  @Test
  void readinessNeverWaitsForAPooledConnection() {
    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_POOL_SIZE", "1", "LANYARD_DB_LOGIN_POOL_SIZE", "1",
      "LANYARD_DB_BACKGROUND_POOL_SIZE", "1", "LANYARD_DB_QUEUE_BUDGET", "200ms"))) {
      List<SqlConnection> held = new ArrayList<>();
      try {
        for (Pool pool : List.of(app.lanyard().pools().requests(), app.lanyard().pools().logins(),
          app.lanyard().pools().background())) {
          held.add(holdTheOnlyConnection(pool));
        }

        Http.Response response = app.http().get("/_healthCheck");

        assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
        assertThat(response.result().getJsonObject("services")).isEqualTo(ALL_GREEN);
      } finally {
        held.forEach(connection -> await(connection.close()));
      }
    }
  }

  @Test
  void aDrainingInstanceFailsReadinessButServesAndClosesEachConnectionAfterItsReply() {
    try (TestApp app = TestApp.start(Map.of())) {
      app.lanyard().drain();

      Http.Response readiness = app.http().get("/_healthCheck");
      Http.Response liveness = app.http().get("/_healthCheck?probe=liveness");
      Http.Response served = app.http().get("/_publicApi");

      assertThat(readiness.status()).withFailMessage(readiness.pretty()).isEqualTo(503);
      assertThat(readiness.error().getString("id")).isEqualTo("api.process.shutting_down");
      assertThat(readiness.error().getString("message")).isEqualTo("The service is shutting down");
      assertThat(readiness.result().getString("status")).isEqualTo("red");
      assertThat(readiness.result().getJsonObject("services")).isEqualTo(ALL_GREEN);
      assertThat(liveness.status()).isEqualTo(200);
      assertThat(served.status()).isEqualTo(200);
      assertThat(served.headers().get("Connection")).isEqualTo("close");
    }
  }

  @Test
  void unavailableWhenTheSchemaIsBehindTheCode() {
    // as after restoring a backup taken before the last migration
    TestDb db = TestDb.create();
    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      db.query("DELETE FROM flyway_schema_history WHERE installed_rank = (SELECT max(installed_rank) FROM flyway_schema_history)");

      Http.Response response = app.http().get("/_healthCheck");

      assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(503);
      assertThat(response.error().getString("id")).isEqualTo("services.storage.schema_outdated");
      assertThat(response.result().getJsonObject("services")).isEqualTo(ALL_GREEN.copy().put("migrations", "red"));
    }
  }

  @Test
  void unavailableWhenTheSchemaHistoryIsGone() {
    TestDb db = TestDb.create();
    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      db.query("ALTER TABLE flyway_schema_history RENAME TO flyway_history_elsewhere");

      Http.Response response = app.http().get("/_healthCheck");

      assertThat(response.status()).isEqualTo(503);
      assertThat(response.result().getJsonObject("services").getString("database")).isEqualTo("green");
      assertThat(response.result().getJsonObject("services").getString("migrations")).isEqualTo("red");
      assertThat(response.text()).doesNotContain("flyway_schema_history", "relation");
    }
  }

  @Test
  void unavailableWhenMailDeliveryIsNotRunning() {
    try (TestApp app = TestApp.start(Map.of())) {
      await(app.vertx().undeploy(app.lanyard().mailDeployment()));

      Http.Response response = app.http().get("/_healthCheck");

      assertThat(response.status()).isEqualTo(503);
      assertThat(response.error().getString("message")).isEqualTo("Mail delivery is not running");
      assertThat(response.result().getJsonObject("services")).isEqualTo(ALL_GREEN.copy().put("mail", "red"));
    }
  }

  @Test
  void healthCommandExitsZeroWhenReadyAndOneWhenNothingAnswers() throws IOException {
    int port = TestApp.shared().port();

    Cli.Run ready = Cli.run("health", "--url", "http://127.0.0.1:" + port + "/_healthCheck");
    Cli.Run nobody = Cli.run("health", "--url", "http://127.0.0.1:" + closedPort() + "/_healthCheck", "--timeout", "2");

    assertThat(ready.exitCode()).withFailMessage(ready.err()).isZero();
    assertThat(ready.out().strip()).isEqualTo("ready");
    assertThat(nobody.exitCode()).isEqualTo(1);
    assertThat(nobody.err()).contains("no answer");
  }

  @Test
  void healthCommandFindsThePortInTheConfiguration() throws IOException {
    Path config = Files.createTempFile("lanyard-health", ".json");
    config.toFile().deleteOnExit();
    Files.writeString(config, new JsonObject().put("http", new JsonObject().put("port", TestApp.shared().port())).encode());

    Cli.Run run = Cli.runWith(config, "health");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
  }

  @Test
  void healthCommandExitsOneWhenNotReady() {
    try (TestApp app = TestApp.start(Map.of())) {
      await(app.vertx().undeploy(app.lanyard().mailDeployment()));

      Cli.Run run = Cli.run("health", "--url", "http://127.0.0.1:" + app.port() + "/_healthCheck");

      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.err()).contains("not ready (503): Mail delivery is not running");
    }
  }

  /** Background work may hold the connection for a moment: ask again until the test has it. */
  private static SqlConnection holdTheOnlyConnection(Pool pool) {
    for (int attempt = 0; ; attempt++) {
      try {
        return await(pool.getConnection());
      } catch (RuntimeException busy) {
        if (attempt == 50) {
          throw busy;
        }
      }
    }
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
