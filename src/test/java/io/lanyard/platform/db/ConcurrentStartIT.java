package io.lanyard.platform.db;

import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instances started together on a database that does not exist yet all come up: one creates it, the others take "it exists
 * now" (42P04, or 23505 while both CREATEs were in flight) as the success it is, and Flyway's lock lets one migrate.
 */
class ConcurrentStartIT {

  private final List<String> databases = new ArrayList<>();

  @AfterEach
  void dropDatabases() {
    for (String database : databases) {
      TestDb.onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
  }

  @Test
  void createsRacingOnTheSameNameAllSucceed() throws Exception {
    for (int round = 0; round < 3; round++) {
      String database = newDatabaseName();
      DbUri uri = DbUri.of(config(database).db());
      int racers = 6;
      CyclicBarrier start = new CyclicBarrier(racers);
      List<CompletableFuture<Void>> creates = new ArrayList<>();
      for (int i = 0; i < racers; i++) {
        creates.add(CompletableFuture.runAsync(() -> {
          await(start);
          Migrations.createIfMissing(uri);
        }));
      }

      CompletableFuture.allOf(creates.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

      assertThat(TestDb.exists(database)).isTrue();
    }
  }

  @Test
  void twoInstancesStartedTogetherOnAnAbsentDatabaseBothComeUp() throws Exception {
    String database = newDatabaseName();
    Map<String, String> env = Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_DB_CREATE_DATABASE", "true");
    CyclicBarrier start = new CyclicBarrier(2);

    CompletableFuture<TestApp> first = CompletableFuture.supplyAsync(() -> {
      await(start);
      return TestApp.start(env);
    });
    CompletableFuture<TestApp> second = CompletableFuture.supplyAsync(() -> {
      await(start);
      return TestApp.start(env);
    });

    try (TestApp one = first.get(120, TimeUnit.SECONDS); TestApp two = second.get(120, TimeUnit.SECONDS)) {
      assertThat(one.http().get("/_healthCheck").status()).isEqualTo(200);
      assertThat(two.http().get("/_healthCheck").status()).isEqualTo(200);
    }
  }

  private String newDatabaseName() {
    String name = "lanyard_race_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    databases.add(name);
    return name;
  }

  private static LanyardConfig config(String database) {
    return ConfigLoader.load(Optional.empty(), TestApp.environment(Map.of("LANYARD_DB_URI", TestDb.uri(database))));
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
