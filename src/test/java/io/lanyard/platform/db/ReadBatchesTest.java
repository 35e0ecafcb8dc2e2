package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.SqlClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads asked for in one turn of an event loop go out as one statement; each reader gets its own row, or the failure. */
class ReadBatchesTest {

  private final Vertx vertx = Vertx.vertx();
  /** The keys of each statement sent, in order. */
  private final List<List<Integer>> statements = new CopyOnWriteArrayList<>();

  @AfterEach
  void closeVertx() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get();
  }

  @Test
  void theKeysAskedForInOneTurnGoOutInOneStatementAndEachReaderGetsItsOwnRow() throws Exception {
    ReadBatches<Integer, String> batches = batches(keys -> Future.succeededFuture(evenOnes(keys)));

    List<Optional<String>> found = onTheLoop(() -> {
      List<Future<Optional<String>>> reads = new ArrayList<>();
      IntStream.range(0, 50).forEach(key -> reads.add(batches.find(key)));
      reads.add(batches.find(4));
      return reads;
    });

    assertThat(statements).hasSize(1);
    assertThat(statements.get(0)).as("each key once").containsExactlyElementsOf(IntStream.range(0, 50).boxed().toList());
    for (int key = 0; key < 50; key++) {
      assertThat(found.get(key)).isEqualTo(key % 2 == 0 ? Optional.of("row " + key) : Optional.empty());
    }
    assertThat(found.get(50)).as("a key asked for twice").contains("row 4");
  }

  @Test
  void aReadInALaterTurnGoesOutInAStatementOfItsOwn() throws Exception {
    ReadBatches<Integer, String> batches = batches(keys -> Future.succeededFuture(evenOnes(keys)));

    onTheLoop(() -> List.of(batches.find(2)));
    onTheLoop(() -> List.of(batches.find(2)));

    assertThat(statements).containsExactly(List.of(2), List.of(2));
  }

  @Test
  void moreKeysThanAStatementTakesGoOutInSeveral() throws Exception {
    ReadBatches<Integer, String> batches = batches(keys -> Future.succeededFuture(evenOnes(keys)));
    int keys = ReadBatches.MOST_KEYS * 2 + 10;

    List<Optional<String>> found = onTheLoop(() -> IntStream.range(0, keys).mapToObj(batches::find).toList());

    assertThat(statements).extracting(List::size).containsExactly(ReadBatches.MOST_KEYS, ReadBatches.MOST_KEYS, 10);
    assertThat(found.get(keys - 2)).contains("row " + (keys - 2));
  }

  @Test
  void aStatementThatFailsFailsEveryReadItCarried() throws Exception {
    IllegalStateException lost = new IllegalStateException("connection lost");
    ReadBatches<Integer, String> batches = batches(keys -> Future.failedFuture(lost));

    List<Future<Optional<String>>> reads = onTheLoopUnsettled(() -> List.of(batches.find(1), batches.find(2)));

    assertThat(reads).allSatisfy(read -> assertThat(read.cause()).isSameAs(lost));
  }

  @Test
  void aStatementThatCannotBeSentFailsItsReadersInsteadOfLeavingThemWaiting() throws Exception {
    ReadBatches<Integer, String> batches = batches(keys -> {
      throw new IllegalArgumentException("not a key");
    });

    List<Future<Optional<String>>> reads = onTheLoopUnsettled(() -> List.of(batches.find(1)));

    assertThat(reads.get(0).cause()).hasMessage("not a key");
  }

  @Test
  void offAnEventLoopEachReadIsAStatementOfItsOwn() throws Exception {
    ReadBatches<Integer, String> batches = batches(keys -> Future.succeededFuture(evenOnes(keys)));

    Optional<String> found = batches.find(6).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);

    assertThat(found).contains("row 6");
    assertThat(statements).containsExactly(List.of(6));
  }

  private ReadBatches<Integer, String> batches(Function<List<Integer>, Future<Map<Integer, String>>> statement) {
    SqlClient noClient = null;
    return new ReadBatches<>(() -> noClient, (client, keys) -> {
      statements.add(List.copyOf(keys));
      return statement.apply(keys);
    });
  }

  private static Map<Integer, String> evenOnes(List<Integer> keys) {
    Map<Integer, String> rows = new HashMap<>();
    keys.stream().filter(key -> key % 2 == 0).forEach(key -> rows.put(key, "row " + key));
    return rows;
  }

  /** Asks for the reads in one task of an event loop, and waits for their rows. */
  private List<Optional<String>> onTheLoop(Supplier<List<Future<Optional<String>>>> reads)
      throws Exception {
    return onTheLoopUnsettled(reads).stream().map(Future::result).toList();
  }

  /** Asks for the reads in one task of an event loop, and waits until each has succeeded or failed. */
  private List<Future<Optional<String>>> onTheLoopUnsettled(Supplier<List<Future<Optional<String>>>> reads)
      throws Exception {
    Promise<List<Future<Optional<String>>>> asked = Promise.promise();
    vertx.getOrCreateContext().runOnContext(ignored -> asked.complete(reads.get()));
    List<Future<Optional<String>>> futures = asked.future().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    Future.join(futures).toCompletionStage().handle((done, failure) -> null).toCompletableFuture().get(5, TimeUnit.SECONDS);
    return futures;
  }
}
