package io.lanyard.services.session;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Where a catch-up starts reading {@code revocation_seq} numbers. A catch-up that started at T read every row committed
 * before T; a row committed after T was numbered after T less the margin (its transaction took its number at most that long
 * before committing). So the next catch-up reads after the number last taken at or before T less the margin, T being the start
 * of the latest catch-up that succeeded: failed catch-ups move nothing, however long the database stays out of reach.
 */
final class CatchUpFloor {

  private final long marginMillis;
  /** The marks of the successful reads, oldest first; the first is the floor. */
  private final ArrayDeque<RevocationRepository.Mark> marks = new ArrayDeque<>();

  CatchUpFloor(long marginMillis) {
    this.marginMillis = marginMillis;
  }

  /**
   * The full load started at {@code mark}; {@code below} is below every number written within the margin before it: taken as
   * the mark of a read a margin earlier.
   */
  synchronized void loaded(RevocationRepository.Mark mark, long below) {
    marks.clear();
    marks.add(new RevocationRepository.Mark(mark.at() - marginMillis, below));
    marks.add(mark);
  }

  /** A catch-up that started at {@code mark} has read everything after {@link #current()}. */
  synchronized void caughtUp(RevocationRepository.Mark mark) {
    marks.add(mark);
    long settled = mark.at() - marginMillis;
    Iterator<RevocationRepository.Mark> oldestFirst = marks.iterator();
    oldestFirst.next();
    // the floor moves to the newest mark a margin before this one; older marks go
    while (oldestFirst.hasNext() && oldestFirst.next().at() <= settled) {
      marks.removeFirst();
      oldestFirst = marks.iterator();
      oldestFirst.next();
    }
  }

  /** Read the numbers after this one. */
  synchronized long current() {
    RevocationRepository.Mark first = marks.peekFirst();
    return first == null ? 0 : first.number();
  }

  /** The last number taken when the latest successful read started. */
  synchronized long highWater() {
    RevocationRepository.Mark last = marks.peekLast();
    return last == null ? 0 : last.number();
  }
}
