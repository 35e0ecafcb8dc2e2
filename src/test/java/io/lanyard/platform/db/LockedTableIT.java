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
 * A table locked from another session: the statements that need it give up at their deadline with a 503 (not a connection
 * held for as long as the lock), write nothing, and, as they have a pool of their own, never take the connections of logins;
 * routes served from memory do not notice.
 */
class LockedTableIT {

  /** A creation's first statement on the outbox: counting the recipient's recent mail (mail.perRecipient), before its INSERT. */
  private static final String ENQUEUE_MAIL = "%INSERT INTO mail_outbox%";

  private TestDb db;
  private TestApp app;

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
  }

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void aLockedOutboxCostsCreationsA503AtTheLockDeadlineWhileLoginsAndMemoryRoutesAreServed() {
    // two connections for requests, all of them held by creations waiting on the lock; logins have their own
    app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_POOL_SIZE", "2", "LANYARD_DB_LOCK_TIMEOUT", "3s",
      "LANYARD_DB_QUEUE_BUDGET", "10s"));
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    List<Future<Http.Response>> creations = new ArrayList<>();
    try (DbFaults.Lock outbox = DbFaults.lock(db, "mail_outbox")) {
      for (int i = 0; i < 4; i++) {
        creations.add(app.http().postAsync("/_plugin/Vendor/user/createWithPassword",
          creation("user" + i + "@example.com", fair.token(), Accounts.PASSWORD, true)));
      }
      Eventually.until(() -> DbFaults.sessionsWaitingForALock(db, ENQUEUE_MAIL) == 2, "both request connections wait");

      Http.Response login = app.http().post("/_login/local",
        new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD));
      Http.Response me = app.http().get("/_me", jwt);
      Http.Response types = app.http().get("/_plugin/Vendor/user/getAllUserTypes", jwt);

      assertThat(login.status()).withFailMessage(login.pretty()).isEqualTo(200);
      assertThat(me.status()).withFailMessage(me.pretty()).isEqualTo(200);
      assertThat(types.status()).isEqualTo(200);
      await(Future.join(creations), 60);
    }

    for (Future<Http.Response> creation : creations) {
      Http.Response refused = creation.result();
      assertThat(refused.status()).withFailMessage(refused.pretty()).isEqualTo(503);
      assertThat(refused.error().getString("id")).isEqualTo("services.storage.unavailable");
      assertThat(refused.error().getString("message")).isEqualTo("The database did not answer in time, retry later");
      assertThat(refused.headers().get("Retry-After")).isEqualTo("1");
    }
    assertThat(db.count("SELECT count(*) FROM users WHERE email LIKE 'user%'")).as("rolled back").isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void aStatementPastStatementTimeoutIsA503() {
    app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_LOCK_TIMEOUT", "60s",
      "LANYARD_DB_STATEMENT_TIMEOUT", "1s"));
    Accounts.createActive(app, "ann@example.com");

    Http.Response login;
    try (DbFaults.Lock users = DbFaults.lock(db, "users")) {
      login = app.http().post("/_login/local",
        new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD));
    }

    assertThat(login.status()).withFailMessage(login.pretty()).isEqualTo(503);
    assertThat(login.error().getString("message")).isEqualTo("The database did not answer in time, retry later");
  }
}
