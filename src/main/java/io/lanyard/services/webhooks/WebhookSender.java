package io.lanyard.services.webhooks;

import io.lanyard.model.api.Version;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * POSTs one delivery as Standard Webhooks has it: body {@code {type, timestamp, data}}, headers {@code webhook-id} (the
 * event's, the same on every retry), {@code webhook-timestamp} (this attempt's) and {@code webhook-signature}. Succeeds on a
 * 2xx only; redirects are not followed and the answer's body is not read.
 */
final class WebhookSender {

  private final WebClient client;
  private final long timeout;

  /** @param connectionsPerReceiver connections kept open to one receiver */
  WebhookSender(Vertx vertx, Duration timeout, int connectionsPerReceiver) {
    this.timeout = timeout.toMillis();
    this.client = WebClient.create(vertx, new WebClientOptions()
      .setUserAgent("Lanyard-Webhooks/" + Version.NUMBER)
      .setFollowRedirects(false)
      .setConnectTimeout((int) this.timeout)
      .setKeepAlive(true), new PoolOptions().setHttp1MaxSize(connectionsPerReceiver));
  }

  /** @param secret the subscription's signing secret, {@code whsec_...} */
  Future<Void> send(DeliveryRepository.Claimed delivery, String secret) {
    try {
      return post(delivery, secret);
    } catch (RuntimeException e) {
      // a URL the client refuses, a client closed under it: a failed attempt like any other
      return Future.failedFuture(e);
    }
  }

  private Future<Void> post(DeliveryRepository.Claimed delivery, String secret) {
    String messageId = "msg_" + delivery.eventId();
    long timestamp = System.currentTimeMillis() / 1000;
    Buffer body = new JsonObject()
      .put("type", delivery.type())
      .put("timestamp", delivery.occurredAt().toInstant().toString())
      .put("data", delivery.data())
      .toBuffer();
    return client.postAbs(delivery.url())
      .putHeader("content-type", "application/json")
      .putHeader("webhook-id", messageId)
      .putHeader("webhook-timestamp", Long.toString(timestamp))
      .putHeader("webhook-signature", WebhookSignature.sign(secret, messageId, timestamp, body.getBytes()))
      .connectTimeout(timeout)
      .idleTimeout(timeout)
      .as(BodyCodec.none())
      .sendBuffer(body)
      // the whole exchange, not only each silence, is bounded: a receiver that trickles bytes cannot hold a delivery
      .timeout(timeout, TimeUnit.MILLISECONDS)
      .compose(WebhookSender::accepted);
  }

  void close() {
    client.close();
  }

  private static Future<Void> accepted(HttpResponse<Void> response) {
    int status = response.statusCode();
    return status >= 200 && status < 300 ? Future.succeededFuture() : Future.failedFuture("the receiver answered " + status);
  }
}
