package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** POST /_logout[?global=true]: the caller's token, or all its tokens, refused from now on (docs/decisions.md §3). */
class LogoutIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void acknowledgesAndTheTokenIsRefusedEverywhereAfter() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response response = http.post("/_logout", new JsonObject(), jwt);

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("logout");
    assertThat(response.result()).isEqualTo(new JsonObject().put("acknowledged", true));
    assertRevoked(http.get(USER_TYPES, jwt));
    assertRevoked(http.get("/_me", jwt));
    assertRevoked(http.post("/_checkToken", new JsonObject(), jwt));
    assertRevoked(http.post("/_logout", new JsonObject(), jwt));
  }

  @Test
  void otherTokensOfTheUserKeepWorking() {
    String first = Accounts.login(app, EMAIL);
    String second = Accounts.login(app, EMAIL);

    http.post("/_logout", new JsonObject(), first);

    assertThat(http.get(USER_TYPES, second).status()).isEqualTo(200);
  }

  @Test
  void writesTheTokenIdUntilTheTokenExpires() {
    JsonObject login = Accounts.loginResult(app, EMAIL, Accounts.PASSWORD);
    long before = System.currentTimeMillis();

    http.post("/_logout", new JsonObject(), login.getString("jwt"));

    Row row = db.single("SELECT token_id, user_id, refused_from, expires_at FROM token_revocations");
    assertThat(row.getString("token_id")).isEqualTo(Tokens.payload(login.getString("jwt")).getString("jti"));
    assertThat(row.getUUID("user_id")).isEqualTo(UUID.fromString(userId));
    assertThat(row.getOffsetDateTime("refused_from").toInstant().toEpochMilli()).isBetween(before, System.currentTimeMillis());
    assertThat(row.getOffsetDateTime("expires_at").toInstant().toEpochMilli())
      .isCloseTo(login.getLong("expiresAt"), within(1000L));
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isZero();
  }

  @Test
  void globalRefusesEveryTokenOfTheCallerOnly() {
    String first = Accounts.login(app, EMAIL);
    String second = Accounts.login(app, EMAIL);
    Accounts.createActive(app, "bob@example.com");
    String bobs = Accounts.login(app, "bob@example.com");

    Http.Response response = http.post("/_logout?global=true", new JsonObject(), first);

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.result()).isEqualTo(new JsonObject().put("acknowledged", true));
    assertRevoked(http.get(USER_TYPES, first));
    assertRevoked(http.get(USER_TYPES, second));
    assertThat(http.get(USER_TYPES, bobs).status()).isEqualTo(200);
  }

  @Test
  void globalWritesOneCutoffKeptForTheLongestTokenLifetime() {
    String jwt = Accounts.login(app, EMAIL);
    long before = System.currentTimeMillis();

    http.post("/_logout?global=true", new JsonObject(), jwt);

    Row row = db.single("SELECT user_id, not_before, expires_at FROM session_cutoffs");
    long notBefore = row.getOffsetDateTime("not_before").toInstant().toEpochMilli();
    assertThat(row.getUUID("user_id")).isEqualTo(UUID.fromString(userId));
    assertThat(notBefore).isBetween(before, System.currentTimeMillis());
    // jwt.maxTtl (12 h by default), and the second exp is rounded up by
    assertThat(row.getOffsetDateTime("expires_at").toInstant().toEpochMilli()).isEqualTo(notBefore + 12L * 3600 * 1000 + 1000);
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isZero();
  }

  @Test
  void aLoginRightAfterAGlobalLogoutWorks() {
    String jwt = Accounts.login(app, EMAIL);
    http.post("/_logout?global=true", new JsonObject(), jwt);

    String fresh = Accounts.login(app, EMAIL);

    assertThat(http.get(USER_TYPES, fresh).status()).isEqualTo(200);
  }

  @Test
  void globalAsTheKuzzleSdkSendsItAndFalse() {
    String first = Accounts.login(app, EMAIL);
    String second = Accounts.login(app, EMAIL);

    http.post("/_logout?global=false", new JsonObject(), first);
    assertThat(http.get(USER_TYPES, second).status()).isEqualTo(200);

    http.post("/_logout?global", new JsonObject(), second);
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isEqualTo(1);
  }

  @Test
  void badGlobalIs400AndChangesNothing() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response response = http.post("/_logout?global=maybe", new JsonObject(), jwt);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.error().getString("message")).isEqualTo("Invalid argument \"global\"");
    assertThat(response.body().getString("action")).isEqualTo("logout");
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isZero();
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isZero();
    assertThat(http.get(USER_TYPES, jwt).status()).isEqualTo(200);
  }

  @Test
  void anonymousIs401() {
    Http.Response response = http.post("/_logout", new JsonObject());

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Unauthorized action [auth/logout] for anonymous user");
  }

  static void assertRevoked(Http.Response response) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Invalid token");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
    assertThat(response.error().getString("stack")).isEqualTo("UnauthorizedError: Invalid token");
    assertThat(response.body().getValue("result")).isNull();
  }
}
