package io.lanyard.server;

import io.lanyard.support.Http;
import io.lanyard.support.TestApp;
import io.lanyard.support.TestDb;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /_healthCheck: 200 while the database answers, else 503 (DECISIONS.md §3). */
class HealthCheckIT {

  @Test
  void greenWhileTheDatabaseAnswers() {
    Http.Response response = TestApp.shared().http().get("/_healthCheck");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("server");
    assertThat(response.body().getString("action")).isEqualTo("healthCheck");
    assertThat(response.result()).isEqualTo(new JsonObject().put("status", "green")
      .put("services", new JsonObject().put("database", "green")));
  }

  @Test
  void unavailableWhenTheDatabaseRefusesConnections() {
    String database = "lanyard_health_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_DB_CREATE_DATABASE", "true",
      "LANYARD_DB_CONNECT_TIMEOUT", "2s"))) {
      TestDb.onServer("ALTER DATABASE " + database + " ALLOW_CONNECTIONS false",
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + database + "'");

      Http.Response response = app.http().get("/_healthCheck");

      assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(503);
      assertThat(response.error().getString("message")).isEqualTo("The database does not answer");
      assertThat(response.error().getString("id")).isEqualTo("services.storage.unavailable");
      assertThat(response.body().getValue("result")).isNull();
      assertThat(response.text()).doesNotContain(database, "127.0.0.1", "Exception");
    } finally {
      TestDb.onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
  }
}
