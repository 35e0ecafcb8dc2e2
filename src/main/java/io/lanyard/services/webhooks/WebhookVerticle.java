package io.lanyard.services.webhooks;

import io.lanyard.platform.support.OutcomeCounters;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Topics;
import io.lanyard.platform.support.FailureLog;
import io.lanyard.services.events.SubscriptionSecrets;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Delivers the webhook outbox: woken by a nudge after a commit, and by a timer as a fallback (other instances' events, retries,
 * deliveries left by a crash). Due deliveries are claimed under a lease, POSTed signed (Standard Webhooks) with a timeout, and
 * each outcome recorded: delivered on a 2xx, else retried with exponential backoff until the last attempt marks it dead.
 * Nothing here runs on a request's path, and a slow or dead receiver only delays its own deliveries.
 */
public final class WebhookVerticle extends VerticleBase {

  private static final Logger log = LoggerFactory.getLogger(WebhookVerticle.class);
  /** The drain runs every poll interval: while the database is down, one line per 10 s says so, not one per poll. */
  private static final FailureLog failures = new FailureLog(log);
  private static final int MAX_ERROR_LENGTH = 500;
  private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(10);
  private static final int PRUNE_SLICE = 10_000;
  /** Deliveries one subscription may have under way on this instance, and connections kept per receiver. */
  private static final int PER_SUBSCRIPTION = 16;
  /** Deliveries this instance may have under way in all. */
  private static final int MAX_IN_FLIGHT = 256;

  private final Pool pool;
  private final DeliveryRepository deliveries;
  private final SubscriptionSecrets secrets;
  private final LanyardConfig.Webhooks config;
  private final Counter deliveredCount;
  private final Counter retryCount;
  private final Counter deadCount;
  /** Deliveries under way, by subscription; touched on this verticle's context only. */
  private final Map<UUID, Integer> inFlight = new HashMap<>();
  private WebhookSender sender;
  private boolean claiming;
  private boolean claimAgain;
  private volatile boolean stopping;

  public WebhookVerticle(Pool pool, DeliveryRepository deliveries, SubscriptionSecrets secrets, LanyardConfig.Webhooks config,
                         MeterRegistry registry) {
    this.pool = pool;
    this.deliveries = deliveries;
    this.secrets = secrets;
    this.config = config;
    OutcomeCounters byOutcome = new OutcomeCounters(registry, "lanyard.webhook.deliveries",
      "Webhook delivery attempts by this instance: delivered, failed and to be retried, failed for the last time");
    this.deliveredCount = byOutcome.of("delivered");
    this.retryCount = byOutcome.of("retry");
    this.deadCount = byOutcome.of("dead");
  }

  @Override
  public Future<?> start() {
    sender = new WebhookSender(vertx, config.timeout(), PER_SUBSCRIPTION);
    vertx.setPeriodic(config.pollInterval().toMillis(), id -> drain());
    vertx.setPeriodic(PRUNE_INTERVAL.toMillis(), id -> prune());
    vertx.setTimer(1, id -> drain());
    return vertx.eventBus().consumer(Topics.WEBHOOK_OUTBOX_NUDGE, message -> drain()).completion();
  }

  @Override
  public Future<?> stop() {
    // failures of deliveries cut short are not recorded: their lease ends and they are sent again, here or by another instance
    stopping = true;
    if (sender != null) {
      sender.close();
    }
    return Future.succeededFuture();
  }

  /**
   * Claims what there is room for and sends it, without waiting for the deliveries already under way: a slow receiver holds
   * at most {@link #PER_SUBSCRIPTION} deliveries of this instance, never the others' turn. One claim at a time; a wake-up
   * during a claim, a full claim, or a delivery that succeeded (its user's next event may be due) claims again.
   */
  private void drain() {
    if (stopping) {
      return;
    }
    if (claiming) {
      claimAgain = true;
      return;
    }
    int room = Math.min(config.batchSize(), MAX_IN_FLIGHT - inFlight.values().stream().mapToInt(Integer::intValue).sum());
    if (room <= 0) {
      claimAgain = true;
      return;
    }
    claiming = true;
    claimAgain = false;
    deliveries.claim(pool, room, lease(), saturatedSubscriptions()).onComplete(done -> {
      claiming = false;
      if (stopping) {
        // claimed while stopping: left for their lease to end
        return;
      }
      if (done.failed()) {
        failures.warn("drain", "Draining the webhook outbox failed: " + done.cause());
        return;
      }
      done.result().forEach(this::dispatch);
      if (done.result().size() == room || claimAgain) {
        drain();
      }
    });
  }

  private void dispatch(DeliveryRepository.Claimed delivery) {
    inFlight.merge(delivery.subscriptionId(), 1, Integer::sum);
    deliver(delivery).onComplete(done -> {
      inFlight.computeIfPresent(delivery.subscriptionId(), (id, count) -> count == 1 ? null : count - 1);
      if (stopping) {
        return;
      }
      if (done.failed()) {
        log.warn("Recording a webhook delivery failed: {}", done.cause().toString());
      }
      if (claimAgain || (done.succeeded() && done.result())) {
        drain();
      }
    });
  }

  /** Subscriptions with as many deliveries under way as they may have: the next claim passes them by. */
  private List<UUID> saturatedSubscriptions() {
    return inFlight.entrySet().stream().filter(entry -> entry.getValue() >= PER_SUBSCRIPTION).map(Map.Entry::getKey).toList();
  }

  /** @return whether it was delivered */
  private Future<Boolean> deliver(DeliveryRepository.Claimed delivery) {
    Optional<String> secret = secrets.toSign(delivery.secret());
    Future<Void> sending = secret.isPresent() ? sender.send(delivery, secret.get())
      : Future.failedFuture("the subscription's secret does not open with this instance's LANYARD_JWT_SECRET_KEY");
    return sending.transform(sent -> {
      if (sent.succeeded()) {
        deliveredCount.increment();
        return deliveries.markDelivered(pool, delivery).map(true);
      }
      if (stopping) {
        return Future.succeededFuture(false);
      }
      boolean dead = delivery.attempt() >= config.maxAttempts();
      String error = describe(sent.cause());
      (dead ? deadCount : retryCount).increment();
      if (dead) {
        log.error("Webhook delivery {} is dead after {} attempts: {}", delivery.id(), delivery.attempt(), error);
      } else {
        log.warn("Webhook delivery {} failed (attempt {} of {}): {}", delivery.id(), delivery.attempt(), config.maxAttempts(),
          error);
      }
      return deliveries.markFailed(pool, delivery, error, dead, backoff(delivery.attempt())).map(false);
    });
  }

  /** Long enough for a send to end on its own timeout before another instance may claim the delivery again. */
  private Duration lease() {
    return config.timeout().multipliedBy(2).plusSeconds(1);
  }

  /** base × 2^(attempts−1), capped. */
  private Duration backoff(int attempts) {
    long base = config.retryBaseDelay().toMillis();
    long delay = base << Math.min(attempts - 1, 30);
    long cap = config.retryMaxDelay().toMillis();
    return Duration.ofMillis(delay <= 0 ? cap : Math.min(delay, cap));
  }

  private void prune() {
    deliveries.prune(pool, config.retention(), PRUNE_SLICE).onComplete(done -> {
      if (done.failed()) {
        log.warn("Pruning the webhook outbox failed: {}", done.cause().toString());
      } else if (done.result() == PRUNE_SLICE) {
        prune();
      }
    });
  }

  private static String describe(Throwable failure) {
    String text = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
  }
}
