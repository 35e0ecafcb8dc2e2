package io.lanyard.webhooks;

import io.lanyard.api.Version;
import io.lanyard.config.LanyardConfig;
import io.lanyard.config.Topics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Delivers the webhook outbox: woken by a nudge after a commit, and by a timer as a fallback (other instances' events, retries,
 * deliveries left by a crash). Each round claims due deliveries under a lease, POSTs them signed (Standard Webhooks) with a
 * timeout, and records each outcome: delivered on a 2xx, else retried with exponential backoff until the last attempt marks it
 * dead. Nothing here runs on a request's path, so a slow or dead receiver only delays its own deliveries.
 */
public final class WebhookVerticle extends VerticleBase {

  private static final Logger log = LoggerFactory.getLogger(WebhookVerticle.class);
  private static final int MAX_ERROR_LENGTH = 500;
  private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(10);
  private static final int PRUNE_SLICE = 10_000;
  /** Connections kept per receiver: enough for a batch, without opening one per delivery. */
  private static final int CONNECTIONS_PER_HOST = 16;

  private final Pool pool;
  private final DeliveryRepository deliveries;
  private final LanyardConfig.Webhooks config;
  private final Counter deliveredCount;
  private final Counter retryCount;
  private final Counter deadCount;
  private WebClient client;
  private boolean draining;
  private boolean drainAgain;

  public WebhookVerticle(Pool pool, DeliveryRepository deliveries, LanyardConfig.Webhooks config, MeterRegistry registry) {
    this.pool = pool;
    this.deliveries = deliveries;
    this.config = config;
    this.deliveredCount = attempts(registry, "delivered");
    this.retryCount = attempts(registry, "retry");
    this.deadCount = attempts(registry, "dead");
  }

  private static Counter attempts(MeterRegistry registry, String outcome) {
    return Counter.builder("lanyard.webhook.deliveries")
      .description("Webhook delivery attempts by this instance: delivered, failed and to be retried, failed for the last time")
      .tag("outcome", outcome)
      .register(registry);
  }

  @Override
  public Future<?> start() {
    int timeout = (int) config.timeout().toMillis();
    client = WebClient.create(vertx, new WebClientOptions()
      .setUserAgent("Lanyard-Webhooks/" + Version.NUMBER)
      .setFollowRedirects(false)
      .setConnectTimeout(timeout)
      .setKeepAlive(true), new PoolOptions().setHttp1MaxSize(CONNECTIONS_PER_HOST));
    vertx.setPeriodic(config.pollInterval().toMillis(), id -> drain());
    vertx.setPeriodic(PRUNE_INTERVAL.toMillis(), id -> prune());
    vertx.setTimer(1, id -> drain());
    return vertx.eventBus().consumer(Topics.WEBHOOK_OUTBOX_NUDGE, message -> drain()).completion();
  }

  @Override
  public Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
  }

  /** One round at a time per instance; a wake-up during a round, a full batch or a success makes it go round again. */
  private void drain() {
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = true;
    drainAgain = false;
    deliveries.claim(pool, config.batchSize(), lease())
      .compose(this::deliverAll)
      .onComplete(done -> {
        draining = false;
        if (done.failed()) {
          log.warn("Draining the webhook outbox failed: {}", done.cause().toString());
        } else if (done.result() || drainAgain) {
          drain();
        }
      });
  }

  /** @return whether to go round again at once: the batch was full, or a delivery succeeded (its user's next may be due) */
  private Future<Boolean> deliverAll(List<DeliveryRepository.Claimed> batch) {
    if (batch.isEmpty()) {
      return Future.succeededFuture(false);
    }
    List<Future<Boolean>> sent = batch.stream().map(this::deliver).toList();
    return Future.join(sent).map(all -> batch.size() == config.batchSize()
      || sent.stream().anyMatch(delivered -> Boolean.TRUE.equals(delivered.result())));
  }

  private Future<Boolean> deliver(DeliveryRepository.Claimed delivery) {
    return send(delivery).transform(sent -> {
      if (sent.succeeded()) {
        deliveredCount.increment();
        return deliveries.markDelivered(pool, delivery).map(true);
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

  /** One signed POST; succeeds on a 2xx only. The body is not read: a receiver's answer is its status. */
  private Future<Void> send(DeliveryRepository.Claimed delivery) {
    String messageId = "msg_" + delivery.eventId();
    long timestamp = System.currentTimeMillis() / 1000;
    Buffer body = new JsonObject()
      .put("type", delivery.type())
      .put("timestamp", delivery.occurredAt().toInstant().toString())
      .put("data", delivery.data())
      .toBuffer();
    long timeout = config.timeout().toMillis();
    return client.postAbs(delivery.url())
      .putHeader("content-type", "application/json")
      .putHeader("webhook-id", messageId)
      .putHeader("webhook-timestamp", Long.toString(timestamp))
      .putHeader("webhook-signature", WebhookSignature.sign(delivery.secret(), messageId, timestamp, body.getBytes()))
      .connectTimeout(timeout)
      .idleTimeout(timeout)
      .as(BodyCodec.none())
      .sendBuffer(body)
      // the whole exchange, not only each silence, is bounded: a receiver that trickles bytes cannot hold a delivery
      .timeout(timeout, TimeUnit.MILLISECONDS)
      .compose(WebhookVerticle::accepted);
  }

  private static Future<Void> accepted(HttpResponse<Void> response) {
    int status = response.statusCode();
    return status >= 200 && status < 300 ? Future.succeededFuture()
      : Future.failedFuture("the receiver answered " + status);
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
