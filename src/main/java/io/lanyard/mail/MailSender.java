package io.lanyard.mail;

import io.lanyard.config.LanyardConfig;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.mail.LoginOption;
import io.vertx.ext.mail.MailClient;
import io.vertx.ext.mail.MailConfig;
import io.vertx.ext.mail.MailMessage;
import io.vertx.ext.mail.StartTLSOptions;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/** SMTP delivery of one outbox mail, with the outbox row's own Message-ID. */
public final class MailSender implements MailTransport {

  private static final Logger log = LoggerFactory.getLogger(MailSender.class);

  /** An SMTP server that stops answering must not hold an outbox transaction for ever. */
  private static final long SEND_TIMEOUT_SECONDS = 30;
  private static final int CONNECT_TIMEOUT_MS = 10_000;

  private final MailClient client;
  private final String from;

  public MailSender(Vertx vertx, LanyardConfig.Smtp smtp) {
    MailConfig config = new MailConfig()
      .setHostname(smtp.host())
      .setPort(smtp.port())
      .setStarttls(smtp.tls().equals("starttls") ? StartTLSOptions.REQUIRED : StartTLSOptions.DISABLED)
      .setSsl(smtp.tls().equals("tls"))
      .setKeepAlive(true)
      .setConnectTimeout(CONNECT_TIMEOUT_MS);
    smtp.username().ifPresentOrElse(user -> config.setUsername(user).setLogin(LoginOption.REQUIRED),
      () -> config.setLogin(LoginOption.DISABLED));
    smtp.password().ifPresent(password -> config.setPassword(password.reveal()));
    this.client = MailClient.createShared(vertx, config, "lanyard-smtp");
    this.from = smtp.from();
  }

  @Override
  public Future<Void> send(OutboxRepository.Due mail) {
    MailMessage message = new MailMessage()
      .setFrom(from)
      .setTo(mail.recipient())
      .setSubject(mail.subject())
      .setText(mail.text())
      .setHeaders(MultiMap.caseInsensitiveMultiMap().add("Message-ID", mail.messageId()));
    mail.html().ifPresent(message::setHtml);
    return client.sendMail(message).timeout(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS).mapEmpty();
  }

  /**
   * Starts closing the SMTP client without waiting for it: the client waits for sends in flight (up to the send timeout when a
   * server hangs), and throws when it closes a connection that never opened. Stopping the service waits for neither: a mail
   * whose send was cut short stays pending in the outbox for the next start.
   */
  @Override
  public Future<Void> close() {
    try {
      client.close().onFailure(failure -> log.warn("Closing the SMTP client failed: {}", failure.toString()));
    } catch (RuntimeException e) {
      log.warn("Closing the SMTP client failed: {}", e.toString());
    }
    return Future.succeededFuture();
  }
}
