package io.lanyard.web;

import io.lanyard.model.accounts.NewUser;
import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under overload the service refuses at once, with a 503 {@code api.process.overloaded} and a {@code Retry-After}, and writes
 * nothing: when bcrypt work would wait longer than {@code security.hashQueueBudget}, and when the database pool's wait queue
 * is full or a connection does not come within {@code db.queueBudget}. Nothing here measures time: the overload is made by
 * holding the one hash thread or the one connection.
 */
class AdmissionControlIT {

  private static final String PASSWORD = "a long password";
  /** bcrypt of {@link #BLOCKER_PASSWORD} at cost 14: one verification keeps the only hash thread busy for a second or more. */
  private static final String BLOCKER_HASH = "$2a$14$AmIXTh.dauHyJPj.zgk7reE1zbEBDckyQoekHzUIgpgNd6FaFDTje";
  private static final String BLOCKER_PASSWORD = "the blocker's password";
  private static final String PLUGIN = "/_plugin/Vendor/user/";

  private final TestDb db = TestDb.get();
  private TestApp app;

  @BeforeEach
  void emptyDatabase() {
    db.truncate();
  }

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void hashWorkOverItsBudgetIsRefusedWith503AndWritesNothing() {
    // one hash thread, a budget far below one hash: any bcrypt work that would queue is refused
    app = TestApp.start(Map.of("LANYARD_BCRYPT_COST", "12", "LANYARD_HASH_THREADS", "1", "LANYARD_HASH_QUEUE_BUDGET", "1ms"));
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    UserRepository users = new UserRepository(SyntheticAddresses.none());
    await(users.insertIfAbsent(app.lanyard().pool(), NewUser.active("blocker@example.com", BLOCKER_HASH, "eng-GB")));
    await(users.insertIfAbsent(app.lanyard().pool(), NewUser.active("ann@example.com", BLOCKER_HASH, "eng-GB")));
    String linkToken = pendingAccountWithLink("carl@example.com");
    Future<Http.Response> blocker = app.http().postAsync("/_login/local",
      new JsonObject().put("username", "blocker@example.com").put("password", BLOCKER_PASSWORD));
    Eventually.until(() -> app.lanyard().hasher().inFlight() == 1, "the blocker's verification is running");

    Http.Response login = app.http().post("/_login/local",
      new JsonObject().put("username", "ann@example.com").put("password", BLOCKER_PASSWORD));
    Http.Response create = app.http().post(PLUGIN + "createWithPassword", creation("bob@example.com", fair.token(), PASSWORD, true));
    Http.Response activate = app.http().post(PLUGIN + "activate", new JsonObject().put("token", linkToken).put("password", PASSWORD));

    assertOverloaded(login, "auth", "login");
    assertOverloaded(create, "Vendor/AuthController", "createUserWithPassword");
    assertOverloaded(activate, "Vendor/AuthController", "activateUser");
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'bob@example.com'")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = 'carl@example.com'").getString(0)).isEqualTo("pending");
    assertThat(db.count("SELECT count(*) FROM account_links WHERE used_at IS NOT NULL")).isZero();
    assertThat(await(blocker).status()).isEqualTo(200);
  }

  @Test
  void aFullDatabaseWaitQueueIsRefusedWith503AndWritesNothing() {
    // one connection per pool, four waiters, a short wait: while the test holds both, no request gets one
    app = TestApp.start(Map.of("LANYARD_DB_POOL_SIZE", "1", "LANYARD_DB_LOGIN_POOL_SIZE", "1", "LANYARD_DB_MAX_WAIT_QUEUE", "4",
      "LANYARD_DB_QUEUE_BUDGET", "500ms"));
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    List<Future<Http.Response>> attempts = new ArrayList<>();
    SqlConnection held = holdTheOnlyConnection(app.lanyard().pools().requests());
    SqlConnection heldForLogins = holdTheOnlyConnection(app.lanyard().pools().logins());
    try {
      // more requests than waiters: some find the wait queue full, the others wait past the budget
      for (int i = 0; i < 6; i++) {
        attempts.add(app.http().postAsync(PLUGIN + "create", creation("user" + i + "@example.com", fair.token(), null, null)));
      }
      attempts.add(app.http().postAsync("/_login/local",
        new JsonObject().put("username", "user0@example.com").put("password", PASSWORD)));
      await(Future.join(attempts));
    } finally {
      await(held.close());
      await(heldForLogins.close());
    }

    for (int i = 0; i < 6; i++) {
      assertOverloaded(attempts.get(i).result(), "Vendor/AuthController", "createUser");
    }
    assertOverloaded(attempts.get(6).result(), "auth", "login");
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM account_links")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    // served again once the connection is back (a login: it queues no mail that other tests' services would deliver)
    assertThat(app.http().post("/_login/local", new JsonObject().put("username", "user0@example.com").put("password", PASSWORD))
      .status()).isEqualTo(401);
  }

  private static void assertOverloaded(Http.Response response, String controller, String action) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(503);
    assertThat(response.body().getString("controller")).isEqualTo(controller);
    assertThat(response.body().getString("action")).isEqualTo(action);
    assertThat(response.body().getValue("result")).isNull();
    assertThat(response.error()).isEqualTo(new JsonObject()
      .put("message", "Request discarded: the server is overloaded, retry later")
      .put("status", 503)
      .put("stack", "ServiceUnavailableError: Request discarded: the server is overloaded, retry later")
      .put("id", "api.process.overloaded"));
    assertThat(response.headers().get("Retry-After")).matches("[1-9][0-9]*");
  }

  /** A pending account and a usable link, written as {@code /user/create} writes them; returns the link's token. */
  private String pendingAccountWithLink(String email) {
    String userId = db.single("INSERT INTO users (email, status, language) VALUES ($1, 'pending', 'eng-GB') RETURNING id", email)
      .getUUID(0).toString();
    String token = SecretTokens.generate();
    db.query("INSERT INTO account_links (token_hash, user_id, expires_at) VALUES ($1, $2::uuid, now() + interval '1 hour')",
      Buffer.buffer(SecretTokens.sha256(token)), userId);
    return token;
  }

  /** Something may hold the connection for a moment: ask again until the test has it. */
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
}
