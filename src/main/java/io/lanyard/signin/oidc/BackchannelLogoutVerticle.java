package io.lanyard.signin.oidc;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jwt.JWTClaimsSet;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.FailureLog;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.VerticleBase;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Sends back-channel logouts (OpenID Connect Back-Channel Logout 1.0 §2.5): a logout token signed with the ID tokens' key
 * ({@code typ: logout+jwt}; {@code iss}, {@code aud} the client, {@code iat}, {@code exp}, {@code jti}, {@code sub},
 * {@code sid}, the back-channel {@code events} claim, no {@code nonce}), POSTed as {@code logout_token} to the client's URI.
 * A 200 or 204 is delivered; anything else is retried with the webhooks' backoff ({@code webhooks.retryBaseDelay} doubling
 * to {@code webhooks.retryMaxDelay}) until {@code webhooks.maxAttempts}, then dead. Woken by the logout that wrote the
 * deliveries, and by a timer for other instances' and retries.
 */
final class BackchannelLogoutVerticle extends VerticleBase {

  static final String NUDGE = "oidc.logout.nudge";
  private static final Logger log = LoggerFactory.getLogger(BackchannelLogoutVerticle.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final String EVENT = "http://schemas.openid.net/event/backchannel-logout";
  private static final int BATCH = 20;
  private static final long TOKEN_LIFETIME_MILLIS = 120_000;
  private static final int MAX_ERROR_LENGTH = 500;

  private final Pool pool;
  private final String issuer;
  private final IdTokenKeys keys;
  private final LanyardConfig.Webhooks retries;
  private final LogoutDeliveryRepository deliveries = new LogoutDeliveryRepository();
  private WebClient client;
  private boolean draining;

  BackchannelLogoutVerticle(Pool pool, String issuer, IdTokenKeys keys, LanyardConfig.Webhooks retries) {
    this.pool = pool;
    this.issuer = issuer;
    this.keys = keys;
    this.retries = retries;
  }

  @Override
  public Future<?> start() {
    int timeout = (int) retries.timeout().toMillis();
    client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout(timeout).setIdleTimeout(timeout)
      .setFollowRedirects(false));
    vertx.setPeriodic(retries.pollInterval().toMillis(), id -> drain());
    vertx.setPeriodic(600_000, id -> deliveries.deleteFinished(pool, retries.retention().toMillis()));
    return vertx.eventBus().consumer(NUDGE, message -> drain()).completion();
  }

  @Override
  public Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
  }

  private void drain() {
    if (draining) {
      return;
    }
    draining = true;
    deliveries.claim(pool, BATCH, retries.timeout().toMillis() * 2).onComplete(done -> {
      draining = false;
      if (done.failed()) {
        failures.warn("drain", "Draining the back-channel logouts failed: " + done.cause());
        return;
      }
      done.result().forEach(this::send);
    });
  }

  private void send(LogoutDeliveryRepository.Claimed delivery) {
    long now = System.currentTimeMillis();
    String token = keys.sign(delivery.algorithm(), new JWTClaimsSet.Builder().issuer(issuer).audience(delivery.clientId())
      .issueTime(new Date(now / 1000 * 1000)).expirationTime(new Date((now + TOKEN_LIFETIME_MILLIS) / 1000 * 1000))
      .jwtID(UUID.randomUUID().toString()).subject(delivery.userId()).claim("sid", delivery.sid())
      .claim("events", Map.of(EVENT, Map.of())).build(), Optional.of(new JOSEObjectType("logout+jwt")));
    client.postAbs(delivery.uri()).timeout(retries.timeout().toMillis())
      .sendForm(MultiMap.caseInsensitiveMultiMap().add("logout_token", token))
      .transform(sent -> sent.succeeded() && (sent.result().statusCode() == 200 || sent.result().statusCode() == 204)
        ? deliveries.delivered(pool, delivery.id())
        : failed(delivery, sent.succeeded() ? "HTTP " + sent.result().statusCode() : String.valueOf(sent.cause())))
      .onFailure(failure -> log.warn("Recording a back-channel logout failed: {}", failure.toString()));
  }

  private Future<Void> failed(LogoutDeliveryRepository.Claimed delivery, String error) {
    boolean dead = delivery.attempt() >= retries.maxAttempts();
    long delay = Math.min(retries.retryMaxDelay().toMillis(),
      retries.retryBaseDelay().toMillis() << Math.min(20, delivery.attempt() - 1));
    if (dead) {
      log.error("Back-channel logout {} to client {} is dead after {} attempts: {}", delivery.id(), delivery.clientId(),
        delivery.attempt(), error);
    }
    String kept = error.length() > MAX_ERROR_LENGTH ? error.substring(0, MAX_ERROR_LENGTH) : error;
    return deliveries.failed(pool, delivery.id(), kept, dead, delay);
  }
}
