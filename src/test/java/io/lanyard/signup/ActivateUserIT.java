package io.lanyard.signup;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /_plugin/Vendor/user/activate: a link works once, within its lifetime, for a pending account. */
class ActivateUserIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/user/activate";
  private static final String PASSWORD = "my new password";

  private String token;

  @BeforeEach
  void pendingAccount() throws Exception {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    http.post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));
    token = CreateUserByLinkIT.tokenIn(smtp.awaitMessages(1).get(0));
  }

  @Test
  void activatesOnceAndTheAccountLogsIn() {
    Http.Response first = activate(token, PASSWORD);
    Http.Response second = activate(token, "yet another password");

    assertThat(first.body().getString("controller")).isEqualTo("Vendor/AuthController");
    assertThat(first.body().getString("action")).isEqualTo("activateUser");
    assertThat(first.result().getInteger("statusCode")).isZero();
    assertThat(first.result().getString("message")).isEqualTo("generic_success");
    assertThat(db.single("SELECT status, password_hash FROM users").getString("status")).isEqualTo("active");
    assertThat(db.single("SELECT used_at IS NOT NULL FROM account_links").getBoolean(0)).isTrue();
    assertThat(second.result()).isEqualTo(new JsonObject().put("statusCode", 191).put("message", "generic_error"));
    assertThat(Accounts.loginStatus(app, "ann@example.com", PASSWORD)).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, "ann@example.com", "yet another password")).isEqualTo(401);
  }

  @Test
  void unknownTokenIs191() {
    assertThat(activate("A".repeat(43), PASSWORD).statusCode()).isEqualTo(191);
    assertThat(activate("x".repeat(500), PASSWORD).statusCode()).isEqualTo(191);
    assertThat(http.post(PATH, new JsonObject().put("token", 12345).put("password", PASSWORD)).statusCode()).isEqualTo(191);
    assertStillPending();
  }

  @Test
  void expiredTokenIs191() {
    db.query("UPDATE account_links SET expires_at = now() - interval '1 second'");

    assertThat(activate(token, PASSWORD).statusCode()).isEqualTo(191);
    assertStillPending();
  }

  @Test
  void linkOfADisabledAccountIs191() {
    db.query("UPDATE users SET status = 'disabled'");

    assertThat(activate(token, PASSWORD).statusCode()).isEqualTo(191);
    assertThat(db.single("SELECT used_at FROM account_links").getValue(0)).isNull();
  }

  @Test
  void badPasswordIs190AndKeepsTheLink() {
    Http.Response tooShort = activate(token, "short");
    Http.Response tooLong = activate(token, "é".repeat(40));

    assertThat(tooShort.statusCode()).isEqualTo(190);
    assertThat(tooShort.result().getJsonObject("data").getJsonArray("errors").getJsonObject(0))
      .isEqualTo(new JsonObject().put("field", "password").put("reason", "too_short"));
    assertThat(tooLong.statusCode()).isEqualTo(190);
    assertStillPending();
    assertThat(activate(token, PASSWORD).statusCode()).isZero();
  }

  @Test
  void missingFieldsAre131() {
    Http.Response noToken = http.post(PATH, new JsonObject().put("password", PASSWORD));
    Http.Response noPassword = http.post(PATH, new JsonObject().put("token", token));

    assertThat(noToken.statusCode()).isEqualTo(131);
    assertThat(noPassword.statusCode()).isEqualTo(131);
    assertThat(noPassword.result().getJsonObject("data").getJsonArray("errors").getJsonObject(0).getString("field"))
      .isEqualTo("password");
    assertStillPending();
  }

  @Test
  void concurrentActivationsOfOneLinkSucceedOnce() {
    List<CompletableFuture<Http.Response>> attempts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String password = PASSWORD + " " + i;
      attempts.add(CompletableFuture.supplyAsync(() -> activate(token, password)));
    }

    List<Integer> codes = attempts.stream().map(CompletableFuture::join).map(Http.Response::statusCode).toList();

    assertThat(codes).containsOnly(0, 191);
    assertThat(codes.stream().filter(code -> code == 0).count()).isEqualTo(1);
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("active");
  }

  private Http.Response activate(String linkToken, String password) {
    return http.post(PATH, new JsonObject().put("token", linkToken).put("password", password));
  }

  private void assertStillPending() {
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("pending");
    assertThat(db.single("SELECT password_hash FROM users").getValue(0)).isNull();
  }
}
