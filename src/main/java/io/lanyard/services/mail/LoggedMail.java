package io.lanyard.services.mail;

import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.regex.Pattern;

/**
 * {@code mail.mode=log}: a staging deployment's transport. Each due mail becomes one log line instead of an SMTP message, then is
 * marked sent as usual, so the outbox and its delivery run as in production. The line says which mail, its kind, the
 * recipient's domain and the subject; never the bodies, the recipient's name part, or a link (any URL in a subject is cut).
 */
public final class LoggedMail implements MailTransport {

  private static final Logger log = LoggerFactory.getLogger(LoggedMail.class);
  private static final Pattern URL = Pattern.compile("\\S*://\\S*");

  @Override
  public Future<Void> send(OutboxRepository.Due mail) {
    log.info("Mail {} not sent (mail.mode=log): {} to …@{}, subject \"{}\"", mail.id(), mail.kind(), domain(mail.recipient()),
      URL.matcher(mail.subject()).replaceAll("[link]"));
    return Future.succeededFuture();
  }

  @Override
  public Future<Void> close() {
    return Future.succeededFuture();
  }

  private static String domain(String recipient) {
    return recipient.substring(recipient.lastIndexOf('@') + 1);
  }
}
