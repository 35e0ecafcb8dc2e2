package io.lanyard.platform.db;

/**
 * A statement that got no answer within its client-side deadline ({@link ResilientClient}): what {@code statement_timeout}
 * and {@code lock_timeout} cannot see, a statement waiting on its connection behind others. A {@link DbFailure#DEADLINE}.
 */
public final class ClientDeadlineException extends RuntimeException {

  ClientDeadlineException(long deadlineMillis) {
    super("No answer from the database within " + deadlineMillis + " ms", null, false, false);
  }
}
