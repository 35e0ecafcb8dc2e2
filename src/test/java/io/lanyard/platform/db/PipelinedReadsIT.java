package io.lanyard.platform.db;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Single statements through the pipelined per-loop clients: many reads share few connections (and the accounts asked for at
 * once, one statement), and each gets its own row.
 */
class PipelinedReadsIT {

  private static TestApp app;

  @BeforeAll
  static void serviceWithOneReadConnectionPerLoop() {
    TestDb.get().truncate();
    // two event loops, one connection each: 200 requests at once pipeline over 2 connections
    app = TestApp.start(Map.of("LANYARD_HTTP_INSTANCES", "2", "LANYARD_DB_READ_CONNECTIONS", "1"));
  }

  @AfterAll
  static void stop() {
    app.close();
    TestDb.get().truncate();
  }

  @Test
  void twoHundredConcurrentReadsOnTwoConnectionsEachAnswerTheirOwnAccount() {
    Map<String, String> tokens = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) {
      String email = "visitor" + i + "@example.com";
      String id = Accounts.createActive(app, email);
      tokens.put(id, Accounts.login(app, email));
    }

    // a client that sends all 200 at once (the shared one keeps 5 in flight)
    List<Read> reads = readAllAtOnce(tokens, 10, app.http(200));

    for (Read read : reads) {
      assertThat(read.reply().status()).withFailMessage(read.reply().pretty()).isEqualTo(200);
      assertThat(read.reply().result().getString("_id")).isEqualTo(read.accountId());
    }
  }

  @Test
  void anAccountGoneAmongReadsAskedForAtOnceAnswers401AndTheOthersTheirOwn() {
    Map<String, String> tokens = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      String email = "reader" + i + "@example.com";
      tokens.put(Accounts.createActive(app, email), Accounts.login(app, email));
    }
    String goneId = tokens.keySet().iterator().next();
    // gone from the table without its tokens being cut off (triggers off for this statement: the cut-off trigger would have
    // the token refused before any read), so its reads reach the statement they share with the others and find no row
    // SET LOCAL, in a transaction: a plain SET would stay on the pooled connection and switch the triggers off for whichever
    // test's statement it runs next (DeletedAccountIT's deletions then wrote no cut-off, now and then)
    SqlConnection connection = TestDb.get().connect();
    try {
      await(connection.begin().compose(transaction -> connection.query("SET LOCAL session_replication_role = replica").execute()
        .compose(set -> connection.preparedQuery("DELETE FROM users WHERE id = $1").execute(Tuple.of(UUID.fromString(goneId))))
        .compose(deleted -> transaction.commit())));
    } finally {
      await(connection.close());
    }
    assertThat(TestDb.get().count("SELECT count(*) FROM session_cutoffs")).as("no cut-off refuses the token first").isZero();

    List<Read> reads = readAllAtOnce(tokens, 5, app.http(50));

    for (Read read : reads) {
      Http.Response reply = read.reply();
      if (read.accountId().equals(goneId)) {
        assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(401);
        assertThat(reply.error().getString("id")).isEqualTo("security.token.invalid");
      } else {
        assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200);
        assertThat(reply.result().getString("_id")).isEqualTo(read.accountId());
      }
    }
  }

  /** One {@code /_me} sent, with the account whose token it carried. */
  private record Read(String accountId, Http.Response reply) {
  }

  /** Sends {@code /_me} with every token, {@code rounds} times over, all at once; returns once every reply is in. */
  private static List<Read> readAllAtOnce(Map<String, String> tokens, int rounds, Http http) {
    List<String> expected = new ArrayList<>();
    List<Future<Http.Response>> replies = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      tokens.forEach((id, jwt) -> {
        expected.add(id);
        replies.add(http.getAsync("/_me", jwt));
      });
    }
    await(Future.join(replies), 60);
    List<Read> reads = new ArrayList<>();
    for (int i = 0; i < replies.size(); i++) {
      reads.add(new Read(expected.get(i), replies.get(i).result()));
    }
    return reads;
  }
}
