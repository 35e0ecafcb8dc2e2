package io.lanyard.services.mail;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.db.DbUri;
import io.lanyard.platform.db.Migrations;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim walks the due index in order and stops at its batch, whatever the planner believes of the outbox. In a sign-up peak
 * PostgreSQL ran every claim with a plan cached while the outbox looked nearly empty: it read all pending mail and sorted it,
 * and, never walking the index, never marked the entries of sent mail dead, so each claim of the burst read the whole backlog
 * again. The test makes the planner prefer that plan here (reads priced as if random ones were dear), and reads the plan the
 * claim ran with from auto_explain, on the test's own connection.
 */
class ClaimPlanIT {

  private static final int BACKLOG = 3000;

  private final Vertx vertx = Lanyard.createVertx();
  private final List<String> plans = new CopyOnWriteArrayList<>();
  private TestDb db;
  private PgConnection connection;

  @BeforeEach
  void outboxWithABacklog() {
    db = TestDb.create();
    DbUri uri = DbUri.of(ConfigLoader.load(Optional.empty(), TestApp.environment(Map.of("LANYARD_DB_URI", db.uri()))).db());
    await(Migrations.prepare(vertx, uri, false), 60);
    db.query("""
      INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, status, sent_at)
      SELECT 'sent-' || n, 'account_link', 'sent' || n || '@example.com', 'Your account', NULL, 'sent', now()
      FROM generate_series(1, $1) n""", BACKLOG);
    db.query("ANALYZE mail_outbox");
    db.query("""
      INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, next_attempt_at)
      SELECT 'due-' || n, 'account_link', 'due' || n || '@example.com', 'Your account', 'Open the link',
        now() - interval '1 hour' + (n * 7919 % $1) * interval '1 second'
      FROM generate_series(1, $1) n""", BACKLOG);

    // prepared statements cached, as the service's pools do: a plan can be kept from one claim to the next
    connection = await(PgConnection.connect(vertx, TestDb.connectOptions(db.name()).setCachePreparedStatements(true)));
    connection.noticeHandler(notice -> plans.add(notice.getMessage()));
    await(connection.query("LOAD 'auto_explain'").execute());
    await(connection.query("SET auto_explain.log_min_duration = 0; SET auto_explain.log_level = notice;"
      + " SET random_page_cost = 1000").execute());
  }

  @AfterEach
  void close() {
    await(vertx.close());
  }

  @Test
  void theClaimWalksTheDueIndexInOrderAndStopsAtItsBatch() {
    List<String> longestWaiting = db.query("SELECT message_id FROM mail_outbox WHERE status = 'pending'"
      + " ORDER BY next_attempt_at LIMIT 20").stream().map(row -> row.getString(0)).toList();

    List<OutboxRepository.Due> claimed = await(connection.begin().compose(tx -> new OutboxRepository()
      .claim(connection, 20, Duration.ofMinutes(1), false, UUID.randomUUID()).compose(mails -> tx.commit().map(mails))));

    assertThat(claimed).hasSize(20);
    String plan = plans.stream().filter(text -> text.contains("UPDATE mail_outbox SET leased_until")).findFirst().orElseThrow();
    assertThat(plan).contains("Index Scan using mail_outbox_due_idx").doesNotContain("Sort");
    assertThat(claimed).extracting(OutboxRepository.Due::messageId).containsExactlyInAnyOrderElementsOf(longestWaiting);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE leased_until > now()")).isEqualTo(20);
  }
}
