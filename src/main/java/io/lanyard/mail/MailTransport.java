package io.lanyard.mail;

import io.vertx.core.Future;

/** Where the mail verticle hands a due mail: SMTP ({@link MailSender}), or a log line on a staging deployment. */
public interface MailTransport {

  /** Succeeds once the mail is handed over; a failure is retried with backoff. */
  Future<Void> send(OutboxRepository.Due mail);

  /** Releases connections; never waits for sends in flight. */
  Future<Void> close();
}
