package io.lanyard.signup;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One creation at a time per address on this instance: a request for an address whose creation is running waits for its end,
 * then looks again and finds the account (143) without hashing. A hundred simultaneous creations of one address thus hash
 * once instead of filling the hash queue, where the losers were refused 503 rather than told the address is taken
 * (docs/decisions.md §11). Between instances the unique insert still decides.
 */
final class CreationsInFlight {

  /** Per address, the end of the last creation queued for it; removed by that creation when it ends. */
  private final Map<String, Future<Void>> last = new ConcurrentHashMap<>();

  /** @param email the address as stored (already folded), so its spellings share one turn */
  <T> Future<T> inTurn(String email, Supplier<Future<T>> creation) {
    Promise<Void> ended = Promise.promise();
    Future<Void> mine = ended.future();
    Future<Void> before = last.put(email, mine);
    Future<T> result = before == null ? creation.get() : onThisContext(before).compose(ready -> creation.get());
    result.onComplete(done -> {
      last.remove(email, mine);
      ended.complete();
    });
    return result;
  }

  /** The previous creation may end on another event loop: this one's work goes on where its request came in. */
  private static Future<Void> onThisContext(Future<Void> before) {
    Context context = Vertx.currentContext();
    if (context == null) {
      return before;
    }
    Promise<Void> turn = Promise.promise();
    before.onComplete(ended -> context.runOnContext(ready -> turn.complete()));
    return turn.future();
  }
}
