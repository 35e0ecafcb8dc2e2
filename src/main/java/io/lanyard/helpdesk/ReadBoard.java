package io.lanyard.helpdesk;

import io.lanyard.services.metrics.Board;
import io.lanyard.services.metrics.BoardMinutes;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/** The fair's live board: the whole deployment's figures per minute over the last hour. */
public record ReadBoard(Pool pool, BoardMinutes minutes) {

  public Future<Board> handle() {
    return minutes.lastHour(pool);
  }
}
