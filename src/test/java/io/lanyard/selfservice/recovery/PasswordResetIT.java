package io.lanyard.selfservice.recovery;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** requestPasswordReset and resetPassword: a link read from the delivered mail, used once, and what follows a reset. */
class PasswordResetIT extends SharedServiceFixture {

  private static final String REQUEST = "/_plugin/Vendor/user/requestPasswordReset";
  private static final String RESET = "/_plugin/Vendor/user/resetPassword";
  private static final String EMAIL = "ann@example.com";
  private static final String NEW_PASSWORD = "a brand new password";

  private Fixtures.App fair;

  @BeforeEach
  void accountThroughAnApplication() {
    fair = Fixtures.lifecycleApp(app, "fair");
    assertThat(http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false))
      .statusCode()).isZero();
  }

  @Test
  void theLinkFromTheMailResetsOnceAndEndsEveryOlderSession() {
    String oldJwt = Accounts.login(app, EMAIL);

    Http.Response asked = request(EMAIL);
    MimeMessage mail = Mails.awaitTo(smtp, EMAIL, "Reset your password");
    String token = Mails.tokenIn(mail);
    Http.Response reset = reset(token, NEW_PASSWORD);
    Http.Response again = reset(token, "yet another password");

    assertThat(asked.body().getString("controller")).isEqualTo("Vendor/AuthController");
    assertThat(asked.body().getString("action")).isEqualTo("requestPasswordReset");
    assertThat(asked.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "generic_success"));
    assertThat(Mails.textOf(mail)).contains("https://fair.example/reset?token=" + token + "&lang=eng-GB");
    assertThat(reset.result().getInteger("statusCode")).isZero();
    assertThat(reset.result().getJsonObject("data").getString("_id")).isEqualTo(db.single("SELECT id::text FROM users").getString(0));
    assertThat(again.statusCode()).isEqualTo(191);
    assertThat(http.get("/_me", oldJwt).status()).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, EMAIL, NEW_PASSWORD)).isEqualTo(200);
    assertThat(Mails.textOf(Mails.awaitTo(smtp, EMAIL, "Your password was changed"))).contains(EMAIL);
    assertThat(db.count("SELECT count(*) FROM password_resets WHERE used_at IS NOT NULL")).isEqualTo(1);
  }

  @Test
  void existingAndMissingAddressesGetTheSameReply() {
    Http.Response existing = request(EMAIL);
    Http.Response missing = request("nobody@example.com");

    existing.body().remove("requestId");
    missing.body().remove("requestId");
    assertThat(missing.body()).isEqualTo(existing.body());
    assertThat(missing.status()).isEqualTo(existing.status());
    Mails.awaitTo(smtp, EMAIL, "Reset your password");
    smtp.assertNoMoreThan(1, Duration.ofMillis(500));
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'nobody@example.com'")).isZero();
  }

  @Test
  void aNewRequestReplacesTheEarlierLink() {
    request(EMAIL);
    String first = Mails.tokenIn(smtp.awaitMessages(1).get(0));
    request(EMAIL);
    String second = Mails.tokenIn(smtp.awaitMessages(2).get(1));

    assertThat(reset(first, NEW_PASSWORD).statusCode()).isEqualTo(191);
    assertThat(reset(second, NEW_PASSWORD).statusCode()).isZero();
  }

  @Test
  void anExpiredLinkIs191() {
    request(EMAIL);
    String token = Mails.tokenIn(smtp.awaitMessages(1).get(0));
    db.query("UPDATE password_resets SET expires_at = now() - interval '1 second'");

    assertThat(reset(token, NEW_PASSWORD).statusCode()).isEqualTo(191);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(200);
  }

  @Test
  void concurrentResetsWithOneLinkSucceedOnce() {
    request(EMAIL);
    String token = Mails.tokenIn(smtp.awaitMessages(1).get(0));
    List<CompletableFuture<Http.Response>> attempts = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      String password = NEW_PASSWORD + " " + i;
      attempts.add(CompletableFuture.supplyAsync(() -> reset(token, password)));
    }

    List<Integer> codes = attempts.stream().map(CompletableFuture::join).map(Http.Response::statusCode).toList();

    assertThat(codes).containsOnly(0, 191);
    assertThat(codes.stream().filter(code -> code == 0).count()).isEqualTo(1);
  }

  @Test
  void aPendingAccountGetsItsAccountLinkAgain() {
    http.post("/_plugin/Vendor/user/create", creation("pending@example.com", fair.token(), null, null));
    Mails.awaitTo(smtp, "pending@example.com", "account link");
    smtp.clear();

    assertThat(request("pending@example.com").statusCode()).isZero();
    String token = Mails.tokenIn(Mails.awaitTo(smtp, "pending@example.com", "account link"));

    assertThat(http.post("/_plugin/Vendor/user/activate", new JsonObject().put("token", token).put("password", NEW_PASSWORD))
      .statusCode()).isZero();
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
  }

  @Test
  void aDisabledAccountGetsNothing() {
    db.query("UPDATE users SET status = 'disabled'");

    assertThat(request(EMAIL).statusCode()).isZero();
    smtp.assertNoMoreThan(0, Duration.ofMillis(500));
  }

  @Test
  void badRequestsAreRefusedBeforeAnythingIsWritten() {
    Fixtures.App noResetUrl = Fixtures.application(app, "no-reset", true, io.lanyard.model.applications.UserScope.SELF,
      Optional.of(Fixtures.LINK_URL));
    Fixtures.App reader = Fixtures.application(app, "reader", false, io.lanyard.model.applications.UserScope.ANY, Optional.empty());

    assertThat(http.post(REQUEST, new JsonObject().put("fromThirdParty", fair.token())).statusCode()).isEqualTo(131);
    assertThat(http.post(REQUEST, new JsonObject().put("email", "not-an-address").put("fromThirdParty", fair.token()))
      .statusCode()).isEqualTo(190);
    assertThat(http.post(REQUEST, body(EMAIL).put("language", "de-DE")).statusCode()).isEqualTo(190);
    assertThat(http.post(REQUEST, new JsonObject().put("email", EMAIL).put("fromThirdParty", "unknown")).statusCode())
      .isEqualTo(149);
    assertThat(http.post(REQUEST, new JsonObject().put("email", EMAIL).put("fromThirdParty", reader.token())).statusCode())
      .isEqualTo(181);
    assertThat(http.post(REQUEST, new JsonObject().put("email", EMAIL).put("fromThirdParty", noResetUrl.token())).statusCode())
      .isEqualTo(124);
    db.query("UPDATE applications SET enabled = false WHERE name = 'fair'");
    app.reloadCaches();
    assertThat(request(EMAIL).statusCode()).isEqualTo(140);
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    assertThat(db.count("SELECT count(*) FROM password_reset_requests")).isZero();
  }

  @Test
  void theRequestPathTouchesNoAccountAndQueuesTheSameRowForEveryAddress() throws Exception {
    SqlConnection holder = db.connect();
    Transaction held = await(holder.begin());
    // the account's row locked by someone else: a request path that looked it up, or locked it, would wait here
    await(holder.query("SELECT id FROM users WHERE email = '" + EMAIL + "' FOR UPDATE").execute());
    long started = System.nanoTime();

    Http.Response known = request(EMAIL);
    Http.Response unknown = request("nobody@example.com");
    long answeredMs = (System.nanoTime() - started) / 1_000_000;
    List<JsonObject> queued = new ArrayList<>();
    db.query("SELECT email, application_id::text, language, attempts FROM password_reset_requests ORDER BY id")
      .forEach(row -> queued.add(row.toJson()));
    await(held.rollback());
    await(holder.close());

    assertThat(known.statusCode()).isZero();
    assertThat(unknown.statusCode()).isZero();
    assertThat(answeredMs).as("answered without waiting for the locked account").isLessThan(1500);
    assertThat(queued).containsExactly(
      new JsonObject().put("email", EMAIL).put("application_id", fair.id()).putNull("language").put("attempts", 0),
      new JsonObject().put("email", "nobody@example.com").put("application_id", fair.id()).putNull("language")
        .put("attempts", 0));
    Mails.awaitTo(smtp, EMAIL, "Reset your password");
    Eventually.until(() -> db.count("SELECT count(*) FROM password_reset_requests") == 0, Duration.ofSeconds(10),
      "the queue worked out");
    smtp.assertNoMoreThan(1, Duration.ofMillis(300));
  }

  @Test
  void aRequestLeftInTheQueueIsWorkedOutByTheNextPoll() {
    // as an instance that died after answering leaves it
    db.query("INSERT INTO password_reset_requests (email, application_id) VALUES ($1, $2::uuid)", EMAIL, fair.id());

    String token = Mails.tokenIn(Mails.awaitTo(smtp, EMAIL, "Reset your password"));

    assertThat(reset(token, NEW_PASSWORD).statusCode()).isZero();
    assertThat(db.count("SELECT count(*) FROM password_reset_requests")).isZero();
  }

  @Test
  void badResetsAreRefused() {
    assertThat(reset("A".repeat(43), NEW_PASSWORD).statusCode()).isEqualTo(191);
    assertThat(http.post(RESET, new JsonObject().put("token", 42).put("password", NEW_PASSWORD)).statusCode()).isEqualTo(191);
    assertThat(http.post(RESET, new JsonObject().put("password", NEW_PASSWORD)).statusCode()).isEqualTo(131);
    request(EMAIL);
    String token = Mails.tokenIn(smtp.awaitMessages(1).get(0));
    assertThat(reset(token, "short").statusCode()).isEqualTo(190);
    assertThat(reset(token, NEW_PASSWORD).statusCode()).as("a refused password keeps the link").isZero();
  }

  private JsonObject body(String email) {
    return new JsonObject().put("email", email).put("fromThirdParty", fair.token());
  }

  private Http.Response request(String email) {
    return http.post(REQUEST, body(email));
  }

  private Http.Response reset(String token, String password) {
    return http.post(RESET, new JsonObject().put("token", token).put("password", password));
  }
}
