package io.lanyard.services.mail;

import io.lanyard.platform.config.LanyardConfig;
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

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * SMTP delivery of one outbox mail, with the outbox row's own Message-ID. Every step has a deadline: a socket silent for
 * {@code smtp.timeout} (no greeting, no reply to a command) is closed, which fails the mail in flight and takes the connection
 * out of the client's pool; a mail not done within {@link #deadline()} (a server that drips) throws the whole client away for
 * a fresh one. So a server that stalls once costs the mail in flight a retry, never the delivery of every later mail.
 */
public final class MailSender implements MailTransport {

  private static final Logger log = LoggerFactory.getLogger(MailSender.class);
  /** A whole mail on a fresh connection is about eight replies; a server answering each just in time would take eight steps. */
  private static final int STEPS_PER_MAIL = 4;

  private final Vertx vertx;
  private final MailConfig config;
  private final String from;
  private final Duration deadline;
  private volatile MailClient client;

  public MailSender(Vertx vertx, LanyardConfig.Smtp smtp) {
    int stepMillis = (int) smtp.timeout().toMillis();
    this.config = new MailConfig()
      .setHostname(smtp.host())
      .setPort(smtp.port())
      .setStarttls(smtp.tls().equals("starttls") ? StartTLSOptions.REQUIRED : StartTLSOptions.DISABLED)
      .setSsl(smtp.tls().equals("tls"))
      .setKeepAlive(true)
      .setConnectTimeout(stepMillis)
      .setIdleTimeout(stepMillis)
      .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
      .setSslHandshakeTimeout(stepMillis)
      .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
    smtp.username().ifPresentOrElse(user -> config.setUsername(user).setLogin(LoginOption.REQUIRED),
      () -> config.setLogin(LoginOption.DISABLED));
    smtp.password().ifPresent(password -> config.setPassword(password.reveal()));
    this.vertx = vertx;
    this.from = smtp.from();
    this.deadline = smtp.timeout().multipliedBy(STEPS_PER_MAIL);
    this.client = MailClient.create(vertx, config);
  }

  /** The longest one mail may take, from the call to its outcome. */
  @Override
  public Duration deadline() {
    return deadline;
  }

  /** The SMTP client's connections: a mail handed over when all are busy would wait for one. */
  @Override
  public int sendsAtOnce() {
    return config.getMaxPoolSize();
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
    MailClient used = client;
    return used.sendMail(message).timeout(deadline.toMillis(), TimeUnit.MILLISECONDS)
      .onFailure(failure -> {
        if (failure instanceof TimeoutException) {
          replace(used);
        }
      })
      .mapEmpty();
  }

  /** A client that let a mail overrun its deadline may hold connections that never answer: every one of them goes. */
  private synchronized void replace(MailClient stale) {
    if (client != stale) {
      return;
    }
    log.warn("An SMTP send overran its deadline of {} s; opening new connections", deadline.toSeconds());
    client = MailClient.create(vertx, config);
    closeQuietly(stale);
  }

  /**
   * Starts closing the SMTP client without waiting for it: the client waits for sends in flight, and throws when it closes a
   * connection that never opened. Stopping the service waits for neither: a mail whose send was cut short stays leased in the
   * outbox, and is sent by the next start or another instance once the lease runs out.
   */
  @Override
  public Future<Void> close() {
    closeQuietly(client);
    return Future.succeededFuture();
  }

  private static void closeQuietly(MailClient client) {
    try {
      client.close().onFailure(failure -> log.warn("Closing the SMTP client failed: {}", failure.toString()));
    } catch (RuntimeException e) {
      log.warn("Closing the SMTP client failed: {}", e.toString());
    }
  }
}
