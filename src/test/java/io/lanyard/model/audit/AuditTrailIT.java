package io.lanyard.model.audit;

import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Await;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit trail through the real service behind a trusted proxy (127.0.0.1, the tests' own address): every kind recorded
 * with its source, user agent and request id; floods folded into counts; pruned after its retention; read by {@code audit
 * show} and a person's export. The class has a database of its own.
 */
class AuditTrailIT {

  private static final String ANN = "ann@example.com";
  private static TestDb db;
  private static TestApp service;

  @BeforeAll
  static void serviceBehindAProxy() {
    db = TestDb.create();
    service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_POOL_SIZE", "4",
      "LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1", "LANYARD_AUDIT_FLOOD_THRESHOLD", "20",
      // the flood below is of refused application tokens, which the per-source rates would stop sooner (SourceRatesIT)
      "LANYARD_SOURCE_RATE_MAIL", "off", "LANYARD_SOURCE_RATE_CREDENTIALS", "off"));
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  @BeforeEach
  void emptyDatabase() {
    db.truncate();
  }

  @Test
  void everyKindIsRecordedWithTheClientAddressGivenByTheTrustedProxy() {
    String annId = Accounts.createActive(service, ANN);
    Fixtures.App fair = Fixtures.registrationApp(service, "fair");
    Fixtures.App closed = Fixtures.application(service, "closed", false, UserScope.NONE, Optional.empty());
    String jwt = login("login-ok", "198.51.100.1, 203.0.113.10", ANN, Accounts.PASSWORD).result().getString("jwt");

    login("login-wrong", "203.0.113.11", ANN, "not the password");
    login("login-unknown", "203.0.113.12", "nobody@example.com", "whatever password");
    send("login-missing", "203.0.113.13", "/_login/local", new JsonObject(), null);
    send("token-unknown", "203.0.113.14", "/_plugin/Vendor/user/create", creation("bob@example.com", "no-such-token", null, null),
      null);
    send("token-scope", "203.0.113.15", "/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", ANN)
      .put("appToken", closed.token()).put("data", new JsonObject().put("city", "Lyon")), jwt);
    assertThat(Cli.runOn(db, "users", "disable", ANN).exitCode()).isZero();

    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events") == 7, "seven events written");
    assertEvent("login-ok", "login.succeeded", "203.0.113.10", annId, ANN, null);
    assertEvent("login-wrong", "login.failed", "203.0.113.11", annId, ANN, "wrong_password");
    assertEvent("login-unknown", "login.failed", "203.0.113.12", null, "nobody@example.com", "unknown_account");
    assertEvent("login-missing", "login.failed", "203.0.113.13", null, null, "missing_credentials");
    assertEvent("token-unknown", "app_token.refused", "203.0.113.14", null, "bob@example.com", "149");
    assertEvent("token-scope", "app_token.refused", "203.0.113.15", annId, ANN, "181");
    assertThat(db.single("SELECT application_id FROM audit_events WHERE request_id = 'token-scope'").getUUID(0).toString())
      .isEqualTo(closed.id());
    Row disabled = db.single("SELECT user_id, source, user_agent, request_id FROM audit_events WHERE kind = 'account.disabled'");
    assertThat(disabled.getUUID("user_id").toString()).isEqualTo(annId);
    assertThat(disabled.getValue("source")).isNull();
    assertThat(disabled.getString("user_agent")).isEqualTo("lanyard-cli");
    assertThat(fair.token()).isNotEmpty();
  }

  @Test
  void withoutATrustedProxyTheSourceIsThePeerWhateverTheHeaderSays() {
    TestApp shared = TestApp.shared();
    MultiMap headers = headers("peer-" + System.nanoTime(), "203.0.113.99");
    String requestId = headers.get("X-Kuzzle-Request-Id");

    shared.http().send(HttpMethod.POST, "/_login/local", new JsonObject().put("username", "x@example.com").put("password", "x")
      .toBuffer(), headers);

    Eventually.until(() -> TestDb.get().count("SELECT count(*) FROM audit_events WHERE request_id = $1", requestId) == 1,
      "the failure written");
    assertThat(TestDb.get().single("SELECT host(source) FROM audit_events WHERE request_id = $1", requestId).getString(0))
      .isEqualTo("127.0.0.1");
  }

  @Test
  void aFloodFromOneSourceIsFoldedIntoCountsPerMinute() {
    int refusals = 300;
    for (int i = 0; i < refusals; i++) {
      send("flood-" + i, "192.0.2.77", "/_plugin/Vendor/user/create", creation("x" + i + "@example.com", "bad", null, null),
        null);
    }
    send("other-source", "192.0.2.78", "/_plugin/Vendor/user/create", creation("y@example.com", "bad", null, null), null);

    // both waited for: the other source's event may be queued just after the flush that writes the flood's last count
    Eventually.until(() -> db.count("SELECT coalesce(sum(count), 0) FROM audit_events WHERE source = '192.0.2.77'") == refusals
      && db.count("SELECT count(*) FROM audit_events WHERE source = '192.0.2.78'") > 0, "every refusal counted");
    long individual = db.count("SELECT count(*) FROM audit_events WHERE source = '192.0.2.77' AND NOT folded");
    long minutes = db.count("SELECT count(DISTINCT date_trunc('minute', occurred_at)) FROM audit_events WHERE source = '192.0.2.77'");
    assertThat(individual).isBetween(20L, 20L * minutes);
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE source = '192.0.2.77' AND folded")).isBetween(1L, minutes);
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE source = '192.0.2.78'")).isEqualTo(1);
    Cli.Run shown = Cli.runOn(db, "audit", "show", "--source", "192.0.2.77/32", "--kind", "app_token.refused");
    assertThat(shown.lines()).hasSize((int) (1 + individual + folded()));
    assertThat(shown.lines().stream().filter(line -> line.contains("\tfolded\t")).mapToLong(line -> Long.parseLong(
      line.split("\t")[6])).sum()).isEqualTo(refusals - individual);
  }

  @Test
  void eventsOlderThanTheRetentionArePruned() {
    db.query("INSERT INTO audit_events (occurred_at, kind, detail) VALUES (now() - interval '91 days', 'login.failed', 'old'),"
      + " (now() - interval '89 days', 'login.failed', 'recent')");

    try (TestApp another = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_POOL_SIZE", "2"))) {
      Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE detail = 'old'") == 0, "pruned at start");
    }
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE detail = 'recent'")).isEqualTo(1);
  }

  @Test
  void aPersonsExportHoldsTheirOwnEventsOnly() {
    String annId = Accounts.createActive(service, ANN);
    Accounts.createActive(service, "bob@example.com");
    login("ann-1", "203.0.113.20", ANN, Accounts.PASSWORD);
    login("ann-2", "203.0.113.21", ANN, "wrong password");
    login("bob-1", "203.0.113.22", "bob@example.com", Accounts.PASSWORD);
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events") == 3, "three logins written");

    JsonArray export = Await.await(new AuditRepository().forAccount(service.lanyard().pool(), annId));

    assertThat(export).hasSize(2);
    JsonObject first = export.getJsonObject(0);
    assertThat(first.fieldNames()).containsExactlyInAnyOrder("occurredAt", "kind", "source", "userAgent", "requestId", "detail");
    assertThat(first.getString("kind")).isEqualTo("login.succeeded");
    assertThat(first.getString("source")).isEqualTo("203.0.113.20");
    assertThat(first.getString("requestId")).isEqualTo("ann-1");
    assertThat(export.getJsonObject(1).getString("detail")).isEqualTo("wrong_password");
  }

  @Test
  void auditShowFiltersByAccountKindAndTime() {
    Accounts.createActive(service, ANN);
    login("show-1", "203.0.113.30", ANN, Accounts.PASSWORD);
    login("show-2", "203.0.113.31", ANN, "wrong password");
    login("show-3", "203.0.113.32", "carl@example.com", "wrong password");
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events") == 3, "three logins written");

    assertThat(requestIds("--email", " Ann@Example.com")).containsExactly("show-1", "show-2");
    assertThat(requestIds("--kind", "login.failed")).containsExactly("show-2", "show-3");
    assertThat(requestIds("--email", "carl@example.com", "--since", "1h")).containsExactly("show-3");
    assertThat(requestIds("--since", "2999-01-01")).isEmpty();
    Cli.Run line = Cli.runOn(db, "audit", "show", "--email", "carl@example.com");
    assertThat(line.lines().get(0)).isEqualTo("time\tkind\taccount\tsource\trequest_id\tdetail\tcount\tuser_agent");
    assertThat(line.lines().get(1)).matches("\\d{4}-.*Z\tlogin\\.failed\tcarl@example\\.com\t203\\.0\\.113\\.32\tshow-3\t"
      + "unknown_account\t1\tAuditIT/1\\.0");
    assertThat(Cli.runOn(db, "audit", "show", "--kind", "nothing").exitCode()).isEqualTo(2);
    assertThat(Cli.runOn(db, "audit", "show", "--source", "not-an-address").exitCode()).isEqualTo(2);
  }

  private static List<String> requestIds(String... filters) {
    String[] arguments = new String[filters.length + 2];
    arguments[0] = "audit";
    arguments[1] = "show";
    System.arraycopy(filters, 0, arguments, 2, filters.length);
    Cli.Run run = Cli.runOn(db, arguments);
    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    return run.lines().stream().skip(1).map(line -> line.split("\t")[4]).toList();
  }

  private static long folded() {
    return db.count("SELECT count(*) FROM audit_events WHERE source = '192.0.2.77' AND folded");
  }

  private static Http.Response login(String requestId, String forwardedFor, String email, String password) {
    return send(requestId, forwardedFor, "/_login/local", new JsonObject().put("username", email).put("password", password),
      null);
  }

  private static Http.Response send(String requestId, String forwardedFor, String path, JsonObject body, String jwt) {
    MultiMap headers = headers(requestId, forwardedFor);
    if (jwt != null) {
      headers.add("Authorization", "Bearer " + jwt);
    }
    return service.http().send(HttpMethod.POST, path, body.toBuffer(), headers);
  }

  private static MultiMap headers(String requestId, String forwardedFor) {
    return MultiMap.caseInsensitiveMultiMap().add("X-Kuzzle-Request-Id", requestId).add("X-Forwarded-For", forwardedFor)
      .add("User-Agent", "AuditIT/1.0").add("Content-Type", "application/json");
  }

  private static void assertEvent(String requestId, String kind, String source, String userId, String identifier,
                                  String detail) {
    Row row = db.single("SELECT kind, host(source) AS source, user_id, identifier, detail, user_agent, count FROM audit_events "
      + "WHERE request_id = $1", requestId);
    assertThat(row.getString("kind")).as(requestId).isEqualTo(kind);
    assertThat(row.getString("source")).as(requestId).isEqualTo(source);
    assertThat(row.getUUID("user_id") == null ? null : row.getUUID("user_id").toString()).as(requestId).isEqualTo(userId);
    assertThat(row.getString("identifier")).as(requestId).isEqualTo(identifier);
    assertThat(row.getString("detail")).as(requestId).isEqualTo(detail);
    assertThat(row.getString("user_agent")).as(requestId).isEqualTo("AuditIT/1.0");
    assertThat(row.getInteger("count")).isEqualTo(1);
  }
}
