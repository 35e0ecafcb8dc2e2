package io.lanyard.services.mail;

import io.vertx.core.Future;

import java.time.Duration;

/** Where the mail verticle hands a due mail: SMTP ({@link MailSender}), or a log line on a staging deployment. */
public interface MailTransport {

  /** Succeeds once the mail is handed over; a failure is retried with backoff. */
  Future<Void> send(OutboxRepository.Due mail);

  /**
   * The longest one send may take, from the call to its outcome: the lease of a claimed mail outlasts it, so no other
   * instance sends the mail meanwhile.
   */
  default Duration deadline() {
    return Duration.ofSeconds(10);
  }

  /** How many sends may run at once: more handed over would only wait inside the transport, under a long lease. */
  default int sendsAtOnce() {
    return 10;
  }

  /** Releases connections; never waits for sends in flight. */
  Future<Void> close();
}
