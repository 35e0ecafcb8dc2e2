package io.lanyard.platform.db;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.DbFaults;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
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
 * Sessions of the service terminated under it ({@code pg_terminate_backend}, on this test's database only): work whose
 * connection died is run again on a fresh one when nothing of it can have been written, and nothing ever answers a 500 or an
 * internal statusCode: at worst a 503 the client retries.
 */
class TerminatedConnectionsIT {

  /** The login's look-up of the account, whatever columns it reads. */
  private static final String FIND_CREDENTIALS = "%SELECT%FROM users WHERE email = $1%";
  /** A creation's first statement on the outbox: counting the recipient's recent mail (mail.perRecipient), before its INSERT. */
  private static final String ENQUEUE_MAIL = "%INSERT INTO mail_outbox%";

  private TestDb db;
  private TestApp app;

  @BeforeEach
  void ownDatabaseAndService() {
    db = TestDb.create();
    // deadlines far above the test's steps: here a statement waits for a lock the test holds, and must not give up
    app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_LOCK_TIMEOUT", "60s",
      "LANYARD_DB_STATEMENT_TIMEOUT", "60s", "LANYARD_DB_POOL_SIZE", "4", "LANYARD_DB_LOGIN_POOL_SIZE", "2"));
  }

  @AfterEach
  void stop() {
    app.close();
  }

  @Test
  void aReadWhoseSessionIsTerminatedRunsAgainOnAFreshConnection() {
    Accounts.createActive(app, "ann@example.com");
    Future<Http.Response> login;
    try (DbFaults.Lock users = DbFaults.lock(db, "users")) {
      login = app.http().postAsync("/_login/local", credentials("ann@example.com"));
      Eventually.until(() -> DbFaults.sessionsWaitingForALock(db, FIND_CREDENTIALS) == 1, "the login's lookup waits");

      assertThat(DbFaults.terminateSessionsWaitingForALock(db, FIND_CREDENTIALS)).isEqualTo(1);

      Eventually.until(() -> DbFaults.sessionsWaitingForALock(db, FIND_CREDENTIALS) == 1,
        "the lookup runs again on another session, and waits again");
    }
    Http.Response answer = await(login);

    assertThat(answer.status()).withFailMessage(answer.pretty()).isEqualTo(200);
    assertThat(answer.result().getString("jwt")).isNotBlank();
  }

  @Test
  void aTransactionWhoseSessionIsTerminatedBeforeCommitRunsAgainAndWritesOnce() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Future<Http.Response> create;
    try (DbFaults.Lock outbox = DbFaults.lock(db, "mail_outbox")) {
      create = app.http().postAsync("/_plugin/Vendor/user/createWithPassword",
        creation("ann@example.com", fair.token(), Accounts.PASSWORD, true));
      Eventually.until(() -> DbFaults.sessionsWaitingForALock(db, ENQUEUE_MAIL) == 1, "the creation's mail waits");

      assertThat(DbFaults.terminateSessionsWaitingForALock(db, ENQUEUE_MAIL)).isEqualTo(1);

      Eventually.until(() -> DbFaults.sessionsWaitingForALock(db, ENQUEUE_MAIL) == 1,
        "the transaction runs again from BEGIN on another session, and waits again");
    }
    Http.Response answer = await(create);

    assertThat(answer.status()).withFailMessage(answer.pretty()).isEqualTo(200);
    assertThat(answer.statusCode()).withFailMessage(answer.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'ann@example.com'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'ann@example.com'")).isEqualTo(1);
  }

  @Test
  void sessionsTerminatedUnderSteadyLoadNeverGiveAnInternalError() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Accounts.createActive(app, "ann@example.com");
    // the logins are another account's: 48 of ann's would end her token past security.maxSessionsPerUser
    Accounts.createActive(app, "bob@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    List<Future<Http.Response>> replies = new ArrayList<>();

    for (int round = 0; round < 6; round++) {
      for (int i = 0; i < 8; i++) {
        String email = "user" + round + "-" + i + "@example.com";
        replies.add(app.http().postAsync("/_login/local", credentials("bob@example.com")));
        replies.add(app.http().postAsync("/_plugin/Vendor/user/create", creation(email, fair.token(), null, null)));
        replies.add(app.http().postAsync("/_plugin/Vendor/thirdParty/updateUser", new JsonObject()
          .put("email", "ann@example.com").put("appToken", fair.token()).put("data", new JsonObject().put("city", "Lyon " + i)),
          jwt));
        replies.add(app.http().postAsync("/_plugin/Vendor/thirdParty/getUser", new JsonObject()
          .put("email", "ann@example.com").put("appToken", fair.token()), jwt));
      }
      DbFaults.terminateServiceSessions(db);
      Eventually.pause(100);
    }
    await(Future.join(replies), 60);

    for (Future<Http.Response> reply : replies) {
      Http.Response response = reply.result();
      if (response.status() == 503) {
        assertThat(response.error().getString("id")).withFailMessage(response.pretty()).isIn("services.storage.unavailable",
          "api.process.overloaded");
        assertThat(response.headers().get("Retry-After")).matches("[1-9][0-9]*");
      } else {
        assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
        if (response.result().containsKey("statusCode")) {
          assertThat(response.statusCode()).withFailMessage(response.pretty()).isZero();
        }
      }
    }
    assertThat(app.http().post("/_login/local", credentials("ann@example.com")).status()).isEqualTo(200);
  }

  private static JsonObject credentials(String email) {
    return new JsonObject().put("username", email).put("password", Accounts.PASSWORD);
  }
}
