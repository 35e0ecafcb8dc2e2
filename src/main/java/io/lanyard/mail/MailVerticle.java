package io.lanyard.mail;

import io.lanyard.config.LanyardConfig;
import io.lanyard.config.Topics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;

/**
 * Drains the outbox: woken by a nudge after a commit, and by a timer as a fallback (mail of other instances, retries, mail
 * left by a crash). Each batch is claimed {@code FOR UPDATE SKIP LOCKED} in a transaction that also records its outcome, so a
 * crash before the commit leaves the mail pending for the next drain; an SMTP failure is retried with exponential backoff
 * until the last attempt marks it dead.
 */
public final class MailVerticle extends VerticleBase {

  private static final Logger log = LoggerFactory.getLogger(MailVerticle.class);
  private static final int MAX_ERROR_LENGTH = 500;

  private final Pool pool;
  private final OutboxRepository outbox;
  /** Empty under {@code mail.mode=drop}: nothing is delivered, mail queued earlier included. */
  private final Optional<MailTransport> transport;
  private final LanyardConfig.Mail config;
  private final Counter sentCount;
  private final Counter retryCount;
  private final Counter deadCount;
  private boolean draining;
  private boolean drainAgain;
  // Set when stop begins: the pool closes right after, so a drain still in flight fails by design, not by accident.
  private volatile boolean stopping;

  public MailVerticle(Pool pool, OutboxRepository outbox, Optional<MailTransport> transport, LanyardConfig.Mail config,
                      MeterRegistry registry) {
    this.pool = pool;
    this.outbox = outbox;
    this.transport = transport;
    this.config = config;
    this.sentCount = attempts(registry, "sent");
    this.retryCount = attempts(registry, "retry");
    this.deadCount = attempts(registry, "dead");
  }

  /** Delivery attempts by outcome: counted here, where they happen (the outbox gauges show what is still waiting). */
  private static Counter attempts(MeterRegistry registry, String outcome) {
    return Counter.builder("lanyard.mail.deliveries")
      .description("Mail delivery attempts by this instance: sent, failed and to be retried, failed for the last time (dead)")
      .tag("outcome", outcome)
      .register(registry);
  }

  @Override
  public Future<?> start() {
    if (transport.isEmpty()) {
      return Future.succeededFuture();
    }
    vertx.setPeriodic(config.pollInterval().toMillis(), id -> drain());
    vertx.setTimer(1, id -> drain());
    return vertx.eventBus().consumer(Topics.MAIL_OUTBOX_NUDGE, message -> drain()).completion();
  }

  @Override
  public Future<?> stop() {
    stopping = true;
    return transport.map(MailTransport::close).orElse(Future.succeededFuture());
  }

  /**
   * One drain at a time per instance; a wake-up during a drain makes it go round once more. None starts once stopping, and one
   * cut short by the stop is not reported as a failure: its batch stays pending for the next drain, here or elsewhere.
   */
  private void drain() {
    if (stopping) {
      return;
    }
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = true;
    drainAgain = false;
    pool.withTransaction(this::deliverBatch).onComplete(done -> {
      draining = false;
      if (done.failed() && stopping) {
        log.debug("Draining the mail outbox ended with the stop: {}", done.cause().toString());
      } else if (done.failed()) {
        log.warn("Draining the mail outbox failed: {}", done.cause().toString());
      } else if (done.result() == config.batchSize() || drainAgain) {
        drain();
      }
    });
  }

  /** @return how many mails the batch held */
  private Future<Integer> deliverBatch(SqlClient tx) {
    return outbox.claimDue(tx, config.batchSize()).compose(batch -> Future.all(batch.stream()
        .map(mail -> deliver(tx, mail))
        .toList())
      .map(batch.size()));
  }

  private Future<Void> deliver(SqlClient tx, OutboxRepository.Due mail) {
    return transport.orElseThrow().send(mail).transform(sent -> {
      if (sent.succeeded()) {
        sentCount.increment();
        return outbox.markSent(tx, mail.id());
      }
      int attempts = mail.attempts() + 1;
      boolean dead = attempts >= config.maxAttempts();
      String error = describe(sent.cause());
      (dead ? deadCount : retryCount).increment();
      if (dead) {
        log.error("Mail {} is dead after {} attempts: {}", mail.id(), attempts, error);
      } else {
        log.warn("Mail {} not sent (attempt {} of {}): {}", mail.id(), attempts, config.maxAttempts(), error);
      }
      return outbox.markFailed(tx, mail.id(), error, dead, backoff(attempts));
    });
  }

  /** base × 2^(attempts−1), capped. */
  private Duration backoff(int attempts) {
    long base = config.retryBaseDelay().toMillis();
    long delay = base << Math.min(attempts - 1, 30);
    return Duration.ofMillis(delay <= 0 ? config.retryMaxDelay().toMillis() : Math.min(delay, config.retryMaxDelay().toMillis()));
  }

  private static String describe(Throwable failure) {
    String text = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
  }
}
