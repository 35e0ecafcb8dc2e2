package io.lanyard.signup;

import io.lanyard.services.idempotency.IdempotencyKeys;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Idempotency-Key} on the creation routes: a retry after a lost reply gets the first reply (0, not 143) and creates
 * nothing more; the key with another request is refused (422); keys are per application and forgotten after 24 hours.
 */
class IdempotencyKeyIT extends SharedServiceFixture {

  private static final String WITH_PASSWORD = "/_plugin/Vendor/user/createWithPassword";
  private static final String BY_LINK = "/_plugin/Vendor/user/create";
  private static final String PASSWORD = "a long password";

  private Fixtures.App fair;

  @BeforeEach
  void application() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void aRetryWithTheKeyGetsTheFirstReplyAndCreatesNothingMore() {
    JsonObject body = creation("ann@example.com", fair.token(), PASSWORD, true);

    Http.Response first = post(WITH_PASSWORD, body, "key-1");
    Http.Response retry = post(WITH_PASSWORD, body, "key-1");

    assertThat(first.statusCode()).withFailMessage(first.pretty()).isZero();
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.result()).withFailMessage(retry.pretty()).isEqualTo(first.result());
    assertThat(retry.result().getString("message")).isEqualTo("create_user_success");
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'ann@example.com'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'ann@example.com'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM idempotency_keys WHERE key = 'key-1'")).isEqualTo(1);
  }

  @Test
  void withoutAKeyTheSameRetryReadsItsOwnAccountAsTaken() {
    JsonObject body = creation("ann@example.com", fair.token(), PASSWORD, true);

    assertThat(http.post(WITH_PASSWORD, body).statusCode()).isZero();

    assertThat(http.post(WITH_PASSWORD, body).statusCode()).isEqualTo(143);
  }

  @Test
  void aLinkCreationRetriedWithItsKeyAnswersZeroAndSendsOneMail() {
    JsonObject body = creation("bob@example.com", fair.token(), null, null);

    assertThat(post(BY_LINK, body, "link-key").statusCode()).isZero();
    Http.Response retry = post(BY_LINK, body, "\"link-key\"");

    assertThat(retry.statusCode()).withFailMessage(retry.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM account_links")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'bob@example.com'")).isEqualTo(1);
  }

  @Test
  void theKeyWithAnotherRequestIs422AndWritesNothing() {
    assertThat(post(WITH_PASSWORD, creation("ann@example.com", fair.token(), PASSWORD, true), "key-2").statusCode()).isZero();

    Http.Response otherBody = post(WITH_PASSWORD, creation("carl@example.com", fair.token(), PASSWORD, true), "key-2");
    Http.Response otherRoute = post(BY_LINK, creation("ann@example.com", fair.token(), null, null), "key-2");

    for (Http.Response refused : List.of(otherBody, otherRoute)) {
      assertThat(refused.status()).withFailMessage(refused.pretty()).isEqualTo(422);
      assertThat(refused.body().getValue("result")).isNull();
      assertThat(refused.error()).isEqualTo(new JsonObject()
        .put("message", "This Idempotency-Key was used for another request")
        .put("status", 422)
        .put("stack", "UnprocessableEntityError: This Idempotency-Key was used for another request")
        .put("id", "api.assert.idempotency_key_reused"));
    }
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
  }

  @Test
  void thePasswordIsNotPartOfTheFingerprintNorStored() {
    assertThat(post(WITH_PASSWORD, creation("ann@example.com", fair.token(), PASSWORD, true), "key-3").statusCode()).isZero();

    Http.Response retry = post(WITH_PASSWORD, creation("ann@example.com", fair.token(), "another long password", true), "key-3");

    assertThat(retry.statusCode()).withFailMessage(retry.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.single("SELECT reply::text FROM idempotency_keys").getString(0)).doesNotContain(PASSWORD);
  }

  @Test
  void keysArePerApplication() {
    Fixtures.App other = Fixtures.registrationApp(app, "other");

    assertThat(post(WITH_PASSWORD, creation("ann@example.com", fair.token(), PASSWORD, false), "shared").statusCode()).isZero();
    Http.Response second = post(WITH_PASSWORD, creation("bob@example.com", other.token(), PASSWORD, false), "shared");

    assertThat(second.statusCode()).withFailMessage(second.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(2);
  }

  @Test
  void concurrentRequestsWithOneKeyCreateOnceAndAllGetTheReply() {
    JsonObject body = creation("dan@example.com", fair.token(), null, null);
    List<Future<Http.Response>> replies = new ArrayList<>();

    for (int i = 0; i < 6; i++) {
      replies.add(http.sendAsync(HttpMethod.POST, BY_LINK, body.toBuffer(), key("same-key")));
    }
    await(Future.join(replies));

    for (Future<Http.Response> reply : replies) {
      assertThat(reply.result().statusCode()).withFailMessage(reply.result().pretty()).isZero();
    }
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'dan@example.com'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM account_links")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'dan@example.com'")).isEqualTo(1);
  }

  @Test
  void aMalformedKeyIs400AndWritesNothing() {
    for (String malformed : List.of("x".repeat(256), "tab\there", "")) {
      Http.Response refused = post(WITH_PASSWORD, creation("ann@example.com", fair.token(), PASSWORD, true), malformed);

      assertThat(refused.status()).withFailMessage(refused.pretty()).isEqualTo(400);
      assertThat(refused.error().getString("id")).isEqualTo("api.assert.invalid_idempotency_key");
    }
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  @Test
  void aKeyOlderThanADayIsForgottenThenPruned() {
    assertThat(post(WITH_PASSWORD, creation("ann@example.com", fair.token(), PASSWORD, false), "old").statusCode()).isZero();
    db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");

    Http.Response reused = post(WITH_PASSWORD, creation("eve@example.com", fair.token(), PASSWORD, false), "old");

    assertThat(reused.statusCode()).withFailMessage(reused.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(2);
    db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
    assertThat(await(new IdempotencyKeys().deleteExpired(app.lanyard().pool()))).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM idempotency_keys")).isZero();
  }

  private Http.Response post(String path, JsonObject body, String idempotencyKey) {
    return http.send(HttpMethod.POST, path, body.toBuffer(), key(idempotencyKey));
  }

  private static MultiMap key(String idempotencyKey) {
    return MultiMap.caseInsensitiveMultiMap().add("Idempotency-Key", idempotencyKey);
  }
}
