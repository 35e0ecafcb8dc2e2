package io.lanyard.signup;

import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Broken storage (a table gone) maps to the internal code of the failing step, leaks nothing, and rolls back every write of
 * the transaction: no account without its mail, no link without its account.
 */
class CreationFailuresIT extends SharedServiceFixture {

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void outboxWriteFailureIs135AndTheAccountIsRolledBack() {
    Http.Response response = withTableAway("mail_outbox",
      () -> http.post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), "a long password", true)));

    assertInternal(response, 135);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  @Test
  void linkWriteFailureIs161AndTheAccountIsRolledBack() {
    Http.Response response = withTableAway("account_links",
      () -> http.post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null)));

    assertInternal(response, 161);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void userLookupFailureIs132() {
    Http.Response response = withTableAway("users",
      () -> http.post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), "a long password", false)));

    assertInternal(response, 132);
  }

  @Test
  void userInsertFailureIs133() {
    Http.Response response = withTableAway("users",
      () -> http.post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null)));

    assertInternal(response, 133);
  }

  @Test
  void activationWithTheLinksGoneIs161() {
    Http.Response response = withTableAway("account_links", () -> http.post("/_plugin/Vendor/user/activate",
      new JsonObject().put("token", "A".repeat(43)).put("password", "a long password")));

    assertInternal(response, 161);
  }

  private Http.Response withTableAway(String table, java.util.function.Supplier<Http.Response> request) {
    db.query("ALTER TABLE " + table + " RENAME TO " + table + "_away");
    try {
      return request.get();
    } finally {
      db.query("ALTER TABLE " + table + "_away RENAME TO " + table);
    }
  }

  private static void assertInternal(Http.Response response, int code) {
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getValue("error")).isNull();
    assertThat(response.result()).withFailMessage(response.pretty())
      .isEqualTo(new JsonObject().put("statusCode", code).put("message", "generic_error"));
  }
}
