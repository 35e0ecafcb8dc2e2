package io.lanyard.platform.db;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.SqlClient;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Reads of one row by key, gathered on each event loop into one statement per turn of the loop: every key asked for while
 * the loop handles the requests it has just read goes out in a single {@code WHERE key = ANY($1)} on the loop's
 * {@link PipelinedReads} client, sent once those requests are handled. At a fair's opening a few dozen visitors' pages ask
 * who they are at the same moment; one statement for all of them costs PostgreSQL one parse, one plan and one round trip
 * instead of a few dozen, and the service one socket write. A lone request waits for nothing: its turn ends at once.
 *
 * <p>Each key gets its own row or nothing; a statement that fails (a refusal of the client, a lost connection, a deadline)
 * fails every read it carried, as it would have failed each of them alone. Off an event loop (the CLI, a worker) a read is a
 * statement of its own.
 *
 * @param <K> the key, as the statement's array parameter takes it
 * @param <V> what a row becomes
 */
public final class ReadBatches<K, V> {

  /** Keys per statement at most: a bigger turn is sent as several statements. */
  static final int MOST_KEYS = 256;

  private final Supplier<SqlClient> client;
  private final BiFunction<SqlClient, List<K>, Future<Map<K, V>>> readAll;
  private final ThreadLocal<Turn> onThisLoop = new ThreadLocal<>();

  /**
   * @param client the client of the calling event loop ({@link PipelinedReads#client})
   * @param readAll reads the rows of the given distinct keys in one statement, each found one under its key
   */
  public ReadBatches(Supplier<SqlClient> client, BiFunction<SqlClient, List<K>, Future<Map<K, V>>> readAll) {
    this.client = client;
    this.readAll = readAll;
  }

  /** The row of that key, read with the others asked for in this turn of the loop. */
  public Future<Optional<V>> find(K key) {
    Context context = Vertx.currentContext();
    if (context == null || !Context.isOnEventLoopThread()) {
      return read(List.of(key)).map(found -> Optional.ofNullable(found.get(key)));
    }
    Turn turn = onThisLoop.get();
    if (turn == null) {
      turn = new Turn();
      onThisLoop.set(turn);
    }
    return turn.add(context, key);
  }

  /** The keys asked for on one event loop since its last statement, and who waits for each. */
  private final class Turn {

    private Map<K, List<Promise<Optional<V>>>> waiting = new LinkedHashMap<>();

    Future<Optional<V>> add(Context context, K key) {
      if (waiting.isEmpty()) {
        // runs once the loop has handled what it is handling now: the requests read in this turn add their keys meanwhile
        context.runOnContext(ignored -> send());
      }
      Promise<Optional<V>> promise = Promise.promise();
      waiting.computeIfAbsent(key, absent -> new ArrayList<>(1)).add(promise);
      return promise.future();
    }

    private void send() {
      Map<K, List<Promise<Optional<V>>>> batch = waiting;
      waiting = new LinkedHashMap<>();
      List<K> keys = new ArrayList<>(batch.keySet());
      for (int from = 0; from < keys.size(); from += MOST_KEYS) {
        List<K> part = keys.subList(from, Math.min(keys.size(), from + MOST_KEYS));
        read(part).onComplete(
          found -> part.forEach(key -> batch.get(key).forEach(promise -> promise.complete(Optional.ofNullable(found.get(key))))),
          failure -> part.forEach(key -> batch.get(key).forEach(promise -> promise.fail(failure))));
      }
    }
  }

  /** The statement for those keys; one that cannot even be sent fails its readers rather than leave them waiting. */
  private Future<Map<K, V>> read(List<K> keys) {
    try {
      return readAll.apply(client.get(), keys);
    } catch (RuntimeException failure) {
      return Future.failedFuture(failure);
    }
  }
}
