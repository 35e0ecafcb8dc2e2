package io.lanyard.services.events;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Where operations record the changes partner systems follow: {@code events.record(tx, UserEvent.activated(userId))} inside
 * the change's transaction, so an event exists exactly when its change committed. Types no subscription wants cost nothing
 * (the set of wanted types is in memory); the others are written to the webhook outbox, and the delivery verticle is woken
 * once the transaction commits.
 */
public final class UserEvents {

  private final EventRepository repository = new EventRepository();
  private final Supplier<Future<Set<EventType>>> wanted;
  private final Runnable nudge;

  /**
   * @param wanted the event types some subscription asks for (a failure to know means every type: the database decides)
   * @param nudge wakes the delivery of this instance
   */
  public UserEvents(Supplier<Future<Set<EventType>>> wanted, Runnable nudge) {
    this.wanted = wanted;
    this.nudge = nudge;
  }

  /** @param client the transaction of the change (or, for a change of one statement, the pool) */
  public Future<Void> record(SqlClient client, UserEvent event) {
    return record(client, List.of(event));
  }

  /** Several events of one transaction, in the order they happened. */
  public Future<Void> record(SqlClient client, List<UserEvent> events) {
    return wantedTypes().compose(types -> {
      List<UserEvent> kept = events.stream().filter(event -> types.contains(event.type())).toList();
      if (kept.isEmpty()) {
        return Future.succeededFuture();
      }
      return repository.insert(client, kept).map(deliveries -> {
        if (deliveries > 0) {
          nudgeAfterCommit(client);
        }
        return null;
      });
    });
  }

  /**
   * Whether some subscription wants this type: an operation whose change is one statement runs it in a transaction with its
   * event only then.
   */
  public Future<Boolean> isWanted(EventType type) {
    return wantedTypes().map(types -> types.contains(type));
  }

  private Future<Set<EventType>> wantedTypes() {
    return wanted.get().otherwise(failure -> EnumSet.allOf(EventType.class));
  }

  private void nudgeAfterCommit(SqlClient client) {
    Transaction transaction = client instanceof SqlConnection connection ? connection.transaction() : null;
    if (transaction == null) {
      nudge.run();
    } else {
      transaction.completion().onSuccess(committed -> nudge.run());
    }
  }
}
