package io.lanyard.platform.db;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.testing.DbFaults;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Await.failure;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DbFailure} on failures a real PostgreSQL and a real Vert.x pool produce, so that an upgrade that changes their shape
 * fails here rather than turning an outage into 500s. And the deadlines every pooled session carries.
 */
class DbFailureIT {

  private final TestDb db = TestDb.get();
  private Vertx vertx;
  private Pool pool;

  @BeforeEach
  void aMigratedDatabase() {
    TestApp.shared();
    vertx = Lanyard.createVertx();
  }

  @AfterEach
  void close() {
    if (pool != null) {
      await(pool.close());
    }
    await(vertx.close());
  }

  @Test
  void sessionsCarryTheConfiguredDeadlinesAndName() {
    pool = pool(Map.of("LANYARD_DB_STATEMENT_TIMEOUT", "4s", "LANYARD_DB_LOCK_TIMEOUT", "1500ms"));

    assertThat(await(pool.query("SHOW statement_timeout").execute()).iterator().next().getString(0)).isEqualTo("4s");
    assertThat(await(pool.query("SHOW lock_timeout").execute()).iterator().next().getString(0)).isEqualTo("1500ms");
    assertThat(await(pool.query("SHOW application_name").execute()).iterator().next().getString(0)).isEqualTo("lanyard");
  }

  @Test
  void aLockWaitPastLockTimeoutIsADeadline() {
    pool = pool(Map.of("LANYARD_DB_LOCK_TIMEOUT", "200ms"));
    try (DbFaults.Lock users = DbFaults.lock(db, "users")) {

      Throwable refused = failure(pool.query("SELECT count(*) FROM users").execute());

      assertThat(DbFailure.of(refused)).withFailMessage(refused.toString()).isEqualTo(DbFailure.DEADLINE);
    }
  }

  @Test
  void aStatementPastStatementTimeoutIsADeadline() {
    pool = pool(Map.of("LANYARD_DB_STATEMENT_TIMEOUT", "200ms"));

    Throwable cancelled = failure(pool.query("SELECT pg_sleep(5)").execute());

    assertThat(DbFailure.of(cancelled)).withFailMessage(cancelled.toString()).isEqualTo(DbFailure.DEADLINE);
  }

  @Test
  void aRefusedConnectionIsAConnectFailure() {
    pool = pool(Map.of("LANYARD_DB_URI", "postgresql://postgres@127.0.0.1:1/lanyard"));

    Throwable refused = failure(pool.query("SELECT 1").execute());

    assertThat(DbFailure.of(refused)).withFailMessage(refused.toString()).isEqualTo(DbFailure.CONNECT_FAILED);
  }

  @Test
  void aSessionTerminatedUnderAStatementIsALostConnection() {
    pool = pool(Map.of());
    SqlConnection connection = await(pool.getConnection());
    int pid = PgConnection.cast(connection).processId();

    var running = connection.query("SELECT pg_sleep(10)").execute();
    Eventually.until(() -> db.count("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", pid) == 1,
      "the statement runs");
    db.query("SELECT pg_terminate_backend($1)", pid);

    Throwable lost = failure(running);
    assertThat(DbFailure.of(lost)).withFailMessage(lost.toString()).isEqualTo(DbFailure.CONNECTION_LOST);
  }

  @Test
  void aStatementOnAConnectionSeenClosedWroteNothing() {
    pool = pool(Map.of());
    SqlConnection connection = await(pool.getConnection());
    AtomicBoolean closed = new AtomicBoolean();
    connection.closeHandler(gone -> closed.set(true));
    db.query("SELECT pg_terminate_backend($1)", PgConnection.cast(connection).processId());
    Eventually.until(closed::get, "the connection sees its session end");

    Throwable refused = failure(connection.query("INSERT INTO user_types (name, position) VALUES ('x', 1)").execute());

    assertThat(DbFailure.of(refused)).withFailMessage(refused.toString()).isEqualTo(DbFailure.CONNECTION_LOST);
    assertThat(DbFailure.wroteNothing(refused)).withFailMessage(refused.toString()).isTrue();
  }

  @Test
  void aConstraintIsNoUnavailability() {
    pool = pool(Map.of());

    Throwable broken = failure(pool.query("SELECT * FROM no_such_table").execute());

    assertThat(DbFailure.of(broken)).isEqualTo(DbFailure.OTHER);
    assertThat(DbFailure.of(broken).isUnavailable()).isFalse();
  }

  private Pool pool(Map<String, String> overrides) {
    Map<String, String> env = new HashMap<>(Map.of("LANYARD_DB_CONNECT_TIMEOUT", "2s"));
    env.putAll(overrides);
    LanyardConfig config = ConfigLoader.load(Optional.empty(), TestApp.environment(env));
    return Pools.create(vertx, config.db(), DbUri.of(config.db()), "lanyard-test", 2, 1);
  }
}
