package io.lanyard.testing;

import io.lanyard.boot.Lanyard;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.lanyard.testing.Await.await;

/**
 * The real PostgreSQL of the machine (PGHOST/PGPORT/PGUSER, default 127.0.0.1:5432 postgres), with a database of its own
 * per test run, dropped when the JVM exits.
 */
public final class TestDb {

  /**
   * Every table but Flyway's, a table that references others before them. TRUNCATE locks its tables in the order named, and
   * the service's background writers (mail, webhooks, audit) lock the table they write before the ones its foreign keys
   * reference: taking them in the same order, a truncate waits for a writer instead of deadlocking with it. The mail lease
   * locks the send budget's row before the outbox's ({@code mail.maxSendRate}, on by default), so that table comes first.
   */
  private static final String TABLES_REFERENCING_FIRST = """
    WITH RECURSIVE tables AS (
      SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'flyway_schema_history'),
    depth(oid, level) AS (
      SELECT oid, 0 FROM tables
      UNION ALL
      SELECT k.confrelid, d.level + 1 FROM depth d JOIN pg_constraint k ON k.conrelid = d.oid AND k.contype = 'f'
      WHERE k.confrelid <> k.conrelid AND d.level < 50)
    SELECT t.relname FROM tables t JOIN depth d ON d.oid = t.oid GROUP BY t.relname
    ORDER BY t.relname <> 'mail_send_budget', max(d.level), t.relname""";

  public static final String HOST = env("PGHOST", "127.0.0.1");
  public static final int PORT = Integer.parseInt(env("PGPORT", "5432"));
  public static final String USER = env("PGUSER", "postgres");

  private static TestDb instance;

  private final String name;
  private final Vertx vertx;
  private final Pool pool;

  private TestDb(String name, Vertx vertx, Pool pool) {
    this.name = name;
    this.vertx = vertx;
    this.pool = pool;
  }

  /** The run's database, created (empty) on first use; the service migrates it when it starts. */
  public static synchronized TestDb get() {
    if (instance == null) {
      instance = create();
    }
    return instance;
  }

  /** A database of its own, for a test that must be alone with the service it starts (no shared service draining its mail). */
  public static TestDb create() {
    String name = "lanyard_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    Vertx vertx = Lanyard.createVertx();
    Pool admin = pool(vertx, "postgres", 1);
    await(admin.query("CREATE DATABASE " + name).execute());
    await(admin.close());
    TestDb db = new TestDb(name, vertx, pool(vertx, name, 4));
    Runtime.getRuntime().addShutdownHook(new Thread(db::drop));
    return db;
  }

  public String name() {
    return name;
  }

  public String uri() {
    return uri(name);
  }

  public static String uri(String database) {
    return "postgresql://" + USER + "@" + HOST + ":" + PORT + "/" + database;
  }

  public RowSet<Row> query(String sql, Object... parameters) {
    return await(pool.preparedQuery(sql).execute(Tuple.from(parameters)));
  }

  /** Statements without parameters, several in one text (a migration's), as psql would run them. */
  public void script(String sql) {
    await(pool.query(sql).execute());
  }

  public Row single(String sql, Object... parameters) {
    RowSet<Row> rows = query(sql, parameters);
    if (rows.size() != 1) {
      throw new AssertionError("expected one row, got " + rows.size() + " for " + sql);
    }
    return rows.iterator().next();
  }

  /** A connection of the test's own (not the service's), for a transaction the test holds open. */
  public SqlConnection connect() {
    return await(pool.getConnection());
  }

  public long count(String sql, Object... parameters) {
    return single(sql, parameters).getLong(0);
  }

  /** Empties every table of the service (the migration history stays). */
  public void truncate() {
    List<String> tables = new ArrayList<>();
    query(TABLES_REFERENCING_FIRST).forEach(row -> tables.add(row.getString(0)));
    if (!tables.isEmpty()) {
      // a worker of the service still at the last test's work (the reset requests' worker locks the account before it
      // writes the tables that reference it) may deadlock with the truncate, which PostgreSQL breaks: once more then
      String truncate = "TRUNCATE " + String.join(", ", tables) + " CASCADE";
      for (int attempt = 1; ; attempt++) {
        try {
          await(pool.query(truncate).execute());
          return;
        } catch (RuntimeException failure) {
          if (attempt == 3 || !(failure instanceof PgException pg && "40P01".equals(pg.getSqlState()))) {
            throw failure;
          }
        }
      }
    }
  }

  /** Whether the server has a database of that name. */
  public static boolean exists(String database) {
    Vertx vertx = Lanyard.createVertx();
    Pool admin = pool(vertx, "postgres", 1);
    try {
      return await(admin.preparedQuery("SELECT 1 FROM pg_database WHERE datname = $1").execute(Tuple.of(database))).size() == 1;
    } finally {
      await(admin.close());
      await(vertx.close());
    }
  }

  /** Runs statements on another database of the server (creating or dropping test databases). */
  public static void onServer(String... statements) {
    Vertx vertx = Lanyard.createVertx();
    Pool admin = pool(vertx, "postgres", 1);
    try {
      for (String statement : statements) {
        await(admin.query(statement).execute());
      }
    } finally {
      await(admin.close());
      await(vertx.close());
    }
  }

  private void drop() {
    try {
      await(pool.close());
      Pool admin = pool(vertx, "postgres", 1);
      await(admin.query("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)").execute());
      await(admin.close());
      await(vertx.close());
    } catch (RuntimeException e) {
      System.err.println("Could not drop test database " + name + ": " + e.getMessage());
    }
  }

  /** How the tests reach a database of the server (PGHOST, PGPORT, PGUSER, PGPASSWORD). */
  public static PgConnectOptions connectOptions(String database) {
    PgConnectOptions connect = new PgConnectOptions().setHost(HOST).setPort(PORT).setUser(USER).setDatabase(database);
    if (System.getenv("PGPASSWORD") != null) {
      connect.setPassword(System.getenv("PGPASSWORD"));
    }
    return connect;
  }

  private static Pool pool(Vertx vertx, String database, int size) {
    return PgBuilder.pool().with(new PoolOptions().setMaxSize(size)).connectingTo(connectOptions(database)).using(vertx).build();
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
