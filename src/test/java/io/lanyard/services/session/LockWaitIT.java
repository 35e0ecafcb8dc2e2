package io.lanyard.services.session;

import io.lanyard.platform.config.Topics;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.function.Function;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A login that waits on the user's lock reads what the holder committed meanwhile: the user's newest token and its cut-off,
 * written by an instance whose clock runs a little ahead. Its token is stamped after them, so the cut-off does not refuse it
 * and the session cap orders it as the newest (docs/decisions.md §7, sessions and refresh).
 */
class LockWaitIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  /** How far the other instance's clock runs ahead: well inside jwt.leeway (30 s), so its tokens are valid here. */
  private static final long AHEAD_MILLIS = 3_000;

  private UUID userId;

  @BeforeEach
  void account() {
    userId = UUID.fromString(Accounts.createActive(app, EMAIL));
  }

  @Test
  void aLoginThatWaitedIsStampedAfterTheTokenCommittedMeanwhile() {
    OffsetDateTime ahead = OffsetDateTime.now(ZoneOffset.UTC).plusNanos(AHEAD_MILLIS * 1_000_000);

    String jwt = loginWhileHolding(holder -> holder.preparedQuery("""
        INSERT INTO user_sessions (token_id, user_id, issued_at, expires_at)
        VALUES ('ahead', $1, $2::timestamptz, $2::timestamptz + interval '1 hour')""")
      .execute(Tuple.of(userId, ahead)).mapEmpty());

    assertThat(db.single("SELECT issued_at > $2 FROM user_sessions WHERE token_id = $1", Accounts.tokenId(jwt), ahead)
      .getBoolean(0)).as("the new token is the user's newest").isTrue();
  }

  @Test
  void aLoginThatWaitedIsNotRefusedByTheCutOffCommittedMeanwhile() {
    String earlier = Accounts.login(app, EMAIL);
    long notBefore = Instant.now().toEpochMilli() + AHEAD_MILLIS;
    JsonObject cutoff = new JsonObject().put("userId", userId.toString()).put("notBefore", notBefore).put("expiresAt", -1)
      .putNull("keptTokenId");

    String jwt = loginWhileHolding(holder -> holder.preparedQuery(
        "INSERT INTO session_cutoffs (user_id, not_before, expires_at) VALUES ($1, $2, NULL)")
      .execute(Tuple.of(userId, OffsetDateTime.ofInstant(Instant.ofEpochMilli(notBefore), ZoneOffset.UTC)))
      .compose(cut -> holder.preparedQuery("SELECT pg_notify($1, $2)")
        .execute(Tuple.of(Topics.SESSIONS_CUT, cutoff.encode())))
      .mapEmpty());

    Eventually.until(() -> http.get(USER_TYPES, earlier).status() == 401, "the service applying the cut-off");
    Http.Response reply = http.get(USER_TYPES, jwt);
    assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200);
  }

  /**
   * Logs in while a transaction of the test's own holds the user's lock and writes {@code meanwhile}, and commits once the
   * login's session write waits on that lock; @return the login's token.
   */
  private String loginWhileHolding(Function<SqlConnection, Future<Void>> meanwhile) {
    SqlConnection holder = db.connect();
    try {
      int holderPid = await(holder.query("SELECT pg_backend_pid()").execute()).iterator().next().getInteger(0);
      Transaction tx = await(holder.begin());
      await(holder.preparedQuery("SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE").execute(Tuple.of(userId)));
      await(meanwhile.apply(holder));
      Future<Http.Response> login = http.postAsync("/_login/local",
        new JsonObject().put("username", EMAIL).put("password", Accounts.PASSWORD));
      Eventually.until(() -> db.count("SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
        holderPid) == 1, "the login waiting on the user's lock");
      await(tx.commit());
      Http.Response reply = await(login);
      assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200);
      return reply.result().getString("jwt");
    } finally {
      await(holder.close());
    }
  }
}
