package io.lanyard.platform.db;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.LogCapture;
import io.lanyard.testing.TcpProxy;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database gone (connections cut and refused, as while PostgreSQL restarts; or silent, as behind a dropped route), made
 * by a relay in front of this test's database only: every route that needs it answers a 503 the client can retry, routes
 * served from memory answer 503 too when they are given a token (its revocations cannot be read), liveness goes on,
 * readiness fails within its own deadline, the log says so in a few lines; and all comes back with the database, with no
 * restart.
 */
class DatabaseOutageIT {

  private static final String PLUGIN = "/_plugin/Vendor";

  private TestDb db;
  private TcpProxy proxy;
  private TestApp app;

  @BeforeEach
  void serviceBehindARelay() {
    db = TestDb.create();
    proxy = TcpProxy.to(TestDb.HOST, TestDb.PORT);
    app = TestApp.start(Map.of("LANYARD_DB_URI", "postgresql://" + TestDb.USER + "@127.0.0.1:" + proxy.port() + "/" + db.name(),
      "LANYARD_DB_CONNECT_TIMEOUT", "1s", "LANYARD_DB_POOL_SIZE", "4", "LANYARD_DB_LOGIN_POOL_SIZE", "2"));
  }

  @AfterEach
  void stop() {
    app.close();
    proxy.close();
  }

  @Test
  void everyRouteThatNeedsTheDatabaseAnswers503WithRetryAfterThenServesAgain() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    Http http = app.http();

    proxy.refuse();

    assertUnavailable(http.post("/_login/local", credentials()), "auth", "login");
    assertUnavailable(http.get("/_me", jwt), "auth", "getCurrentUser");
    assertUnavailable(http.post("/_refreshToken", new JsonObject(), jwt), "auth", "refreshToken");
    assertUnavailable(http.post(PLUGIN + "/user/create", creation("bob@example.com", fair.token(), null, null)),
      "Vendor/AuthController", "createUser");
    assertUnavailable(http.post(PLUGIN + "/user/createWithPassword",
      creation("carl@example.com", fair.token(), Accounts.PASSWORD, true)), "Vendor/AuthController", "createUserWithPassword");
    assertUnavailable(http.post(PLUGIN + "/user/activate", new JsonObject().put("token", "a-token").put("password",
      Accounts.PASSWORD)), "Vendor/AuthController", "activateUser");
    assertUnavailable(http.post(PLUGIN + "/thirdParty/updateUser", new JsonObject().put("email", "ann@example.com")
      .put("appToken", fair.token()).put("data", new JsonObject().put("city", "Lyon")), jwt),
      "Vendor/thirdPartyController", "updateUserInformationsThirdParty");
    assertUnavailable(http.post(PLUGIN + "/thirdParty/getUser", new JsonObject().put("email", "ann@example.com")
      .put("appToken", fair.token()), jwt), "Vendor/thirdPartyController", "getUserForThirdParty");
    assertUnavailable(http.post("/_logout", new JsonObject(), jwt), "auth", "logout");
    // served from memory, but a token is not accepted unchecked by an instance that cannot know whether it was revoked
    // meanwhile (its change feed is down too: decisions §14)
    assertUnavailable(http.get(PLUGIN + "/user/getAllUserTypes", jwt), "Vendor/userController", "getAllUserTypes");
    assertUnavailable(http.post("/_checkToken", new JsonObject().put("token", jwt)), "auth", "checkToken");
    assertThat(http.get("/_healthCheck?probe=liveness").status()).isEqualTo(200);
    Http.Response readiness = http.get("/_healthCheck");
    assertThat(readiness.status()).isEqualTo(503);
    assertThat(readiness.error().getString("id")).isEqualTo("services.storage.unavailable");

    proxy.restore();

    Eventually.until(() -> http.post("/_login/local", credentials()).status() == 200, "logins served again");
    Eventually.until(() -> http.get("/_healthCheck").status() == 200, "ready again");
    assertThat(http.post(PLUGIN + "/user/create", creation("bob@example.com", fair.token(), null, null)).statusCode()).isZero();
  }

  @Test
  void anOutageUnderLoadWritesAFewLinesNotAStackTracePerRequest() {
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    proxy.refuse();

    List<ILoggingEvent> warnings;
    try (LogCapture log = LogCapture.everything()) {
      for (int i = 0; i < 100; i++) {
        assertThat(app.http().post("/_login/local", credentials()).status()).isEqualTo(503);
        assertThat(app.http().get("/_me", jwt).status()).isEqualTo(503);
      }
      warnings = log.warnings();
    }

    // (the line saying requests are refused may have been written by the test before: one per 10 s, whichever test)
    assertThat(warnings).allMatch(event -> event.getThrowableProxy() == null);
    assertThat(LogCapture.printedLines(warnings)).as("lines for 200 refused requests").isLessThan(20);
  }

  @Test
  void readinessAnswersWithinItsOwnDeadlineWhileTheDatabaseIsSilent() {
    Http.Response ready = app.http().get("/_healthCheck");
    assertThat(ready.status()).withFailMessage(ready.pretty()).isEqualTo(200);

    proxy.stall();

    Http.Response silent = app.http().get("/_healthCheck");
    assertThat(silent.status()).withFailMessage(silent.pretty()).isEqualTo(503);
    assertThat(silent.result().getJsonObject("services").getString("database")).isEqualTo("red");

    proxy.restore();

    Eventually.until(() -> app.http().get("/_healthCheck").status() == 200, "ready again");
  }

  private static JsonObject credentials() {
    return new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD);
  }

  private static void assertUnavailable(Http.Response response, String controller, String action) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(503);
    assertThat(response.body().getString("controller")).isEqualTo(controller);
    assertThat(response.body().getString("action")).isEqualTo(action);
    assertThat(response.body().getValue("result")).isNull();
    assertThat(response.error()).isEqualTo(new JsonObject()
      .put("message", "The database is unavailable, retry later")
      .put("status", 503)
      .put("stack", "ServiceUnavailableError: The database is unavailable, retry later")
      .put("id", "services.storage.unavailable"));
    assertThat(response.headers().get("Retry-After")).isEqualTo("5");
    assertThat(response.text()).doesNotContain("127.0.0.1", "Exception", "Connection refused");
  }
}
