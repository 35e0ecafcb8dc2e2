package io.lanyard.testing;

import io.lanyard.model.accounts.NewUser;
import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.passwords.PasswordHasher;
import io.vertx.core.json.JsonObject;

import static io.lanyard.testing.Await.await;

/** Accounts for tests, written the way the CLI's {@code users create} writes them; and logins through the API. */
public final class Accounts {

  public static final String PASSWORD = "correct horse battery";

  private Accounts() {
  }

  /** @return the new account's id */
  public static String createActive(TestApp app, String email, String password) {
    String hash = await(app.lanyard().hasher().hash(password, PasswordHasher.OPERATOR));
    UserRepository users = new UserRepository(SyntheticAddresses.of(app.config().loadTest().domains()));
    return await(users.insertIfAbsent(app.lanyard().pool(), NewUser.active(email, hash, "eng-GB")))
      .orElseThrow();
  }

  public static String createActive(TestApp app, String email) {
    return createActive(app, email, PASSWORD);
  }

  /** Logs in through the API and returns the JWT. */
  public static String login(TestApp app, String email, String password) {
    return loginResult(app, email, password).getString("jwt");
  }

  /** Logs in through the API and returns the login result, {@code {_id, jwt, expiresAt, ttl}}. */
  public static JsonObject loginResult(TestApp app, String email, String password) {
    Http.Response response = app.http().post("/_login/local", new JsonObject().put("username", email).put("password", password));
    if (response.status() != 200) {
      throw new AssertionError("login failed: " + response.pretty());
    }
    return response.result();
  }

  /** The HTTP status of a login attempt. */
  public static int loginStatus(TestApp app, String email, String password) {
    return app.http().post("/_login/local", new JsonObject().put("username", email).put("password", password)).status();
  }

  public static String login(TestApp app, String email) {
    return login(app, email, PASSWORD);
  }

  /** A JWT's {@code jti}: the id its session and revocation rows carry. */
  public static String tokenId(String jwt) {
    return Tokens.payload(jwt).getString("jti");
  }
}
