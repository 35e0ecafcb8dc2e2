package io.lanyard.signin.passkeys;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SoftwareAuthenticator;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.Tokens;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Passkeys through the API: registration, sign-in at {@code /_login/passkey}, and the attacks on both (docs/security.md#passkeys). */
class PasskeyIT {

  private static final String ORIGIN = "https://sso.fair.example";
  private static final String RP_ID = "sso.fair.example";
  private static final String EMAIL = "ann@example.com";

  private static TestApp app;
  private static Http http;
  private final TestDb db = TestDb.get();

  private String userId;
  private String jwt;

  @BeforeAll
  static void start() {
    // the tests call from loopback, allow-listed; the per-source rates' test comes from sources of its own, through loopback as
    // a trusted proxy, with a credentials rate of 3 an hour
    app = TestApp.start(Map.of("LANYARD_PUBLIC_URL", ORIGIN, "LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1",
      "LANYARD_SOURCE_RATE_CREDENTIALS", "3/1h"));
    http = app.http();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void account() {
    db.truncate();
    userId = Accounts.createActive(app, EMAIL);
    jwt = Accounts.login(app, EMAIL);
  }

  @Test
  void aRegisteredPasskeySignsInWithTheSameTokenAsAPassword() {
    SoftwareAuthenticator authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);

    Http.Response registered = register(authenticator, "Phone");
    Http.Response login = signIn(authenticator);

    assertThat(registered.status()).withFailMessage(registered.pretty()).isEqualTo(200);
    assertThat(registered.result().getString("_id")).isEqualTo(authenticator.id());
    assertThat(registered.result().getString("name")).isEqualTo("Phone");
    assertThat(registered.result().getJsonArray("transports").getList()).containsExactly("internal");
    assertThat(registered.result().getValue("lastUsedAt")).isNull();
    assertThat(login.status()).withFailMessage(login.pretty()).isEqualTo(200);
    assertThat(login.result().fieldNames()).containsExactlyInAnyOrder("_id", "jwt", "expiresAt", "ttl");
    assertThat(login.result().getString("_id")).isEqualTo(userId);
    assertThat(Tokens.payload(login.result().getString("jwt")).getString("sub")).isEqualTo(userId);
    assertThat(http.get("/_me", login.result().getString("jwt")).status()).isEqualTo(200);
    assertThat(db.single("SELECT last_used_at IS NOT NULL AS used, sign_count FROM passkeys").getBoolean("used")).isTrue();
  }

  @Test
  void theOptionsAskForADiscoverableUserVerifiedCredentialWithoutAttestation() {
    JsonObject options = http.post("/_me/passkeys/_options", new JsonObject(), jwt).result();

    assertThat(options.getJsonObject("rp").getString("id")).isEqualTo(RP_ID);
    assertThat(options.getJsonObject("user").getString("name")).isEqualTo(EMAIL);
    assertThat(options.getString("attestation")).isEqualTo("none");
    assertThat(options.getJsonObject("authenticatorSelection").getString("residentKey")).isEqualTo("required");
    assertThat(options.getJsonObject("authenticatorSelection").getString("userVerification")).isEqualTo("required");
    assertThat(options.getJsonArray("pubKeyCredParams").getJsonObject(0).getLong("alg")).isEqualTo(-7L);
  }

  @Test
  void aReplayedSignInIsRefusedForItsChallengeIsSpent() {
    SoftwareAuthenticator authenticator = registered();
    JsonObject assertion = authenticator.sign(challenge());

    Http.Response first = login(assertion);
    Http.Response replay = login(assertion);

    assertThat(first.status()).isEqualTo(200);
    assertThat(replay.status()).withFailMessage(replay.pretty()).isEqualTo(401);
    assertThat(replay.error().getString("id")).isEqualTo("security.passkey.challenge_invalid");
  }

  @Test
  void aChallengeMadeUpByTheClientIsRefused() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response response = login(authenticator.sign(new JsonObject().put("challenge", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")));

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("id")).isEqualTo("security.passkey.challenge_invalid");
  }

  @Test
  void anAssertionMadeForAnotherOriginIsRefused() {
    SoftwareAuthenticator authenticator = registered();
    authenticator.signingFor("https://sso.fair.example.evil.test", RP_ID);

    Http.Response response = signIn(authenticator);

    assertRefused(response);
    awaitFailure("bad_origin");
  }

  @Test
  void anOriginDifferingOnlyByPortOrSchemeIsRefused() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response otherPort = signIn(authenticator.signingFor(ORIGIN + ":8443", RP_ID));
    Http.Response plainHttp = signIn(authenticator.signingFor("http://sso.fair.example", RP_ID));

    assertRefused(otherPort);
    assertRefused(plainHttp);
  }

  @Test
  void anAssertionMadeForAnotherRpIdIsRefused() {
    SoftwareAuthenticator authenticator = registered();
    authenticator.signingFor(ORIGIN, "fair.example");

    Http.Response response = signIn(authenticator);

    assertRefused(response);
    awaitFailure("bad_rp_id");
  }

  @Test
  void aRegistrationForAnotherOriginOrRpIdIsRefusedAndNothingIsStored() {
    Http.Response wrongOrigin = register(new SoftwareAuthenticator("https://evil.test", RP_ID), "x");
    Http.Response wrongRpId = register(new SoftwareAuthenticator(ORIGIN, "evil.test"), "x");

    assertThat(wrongOrigin.status()).isEqualTo(400);
    assertThat(wrongOrigin.error().getString("id")).isEqualTo("security.passkey.registration_refused");
    assertThat(wrongRpId.status()).isEqualTo(400);
    assertThat(db.count("SELECT count(*) FROM passkeys")).isZero();
  }

  @Test
  void aSignInWithoutUserVerificationIsRefused() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response response = signIn(authenticator.verifiesUser(false));

    assertRefused(response);
  }

  @Test
  void aCounterGoingBackwardsIsRefusedAndAuditedAsAClone() {
    SoftwareAuthenticator authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID).counter(10);
    register(authenticator, "Key");
    assertThat(signIn(authenticator).status()).isEqualTo(200);

    Http.Response clone = signIn(authenticator.counter(5));

    assertRefused(clone);
    assertThat(db.single("SELECT sign_count FROM passkeys").getLong("sign_count")).isEqualTo(11L);
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'passkey.cloned' AND user_id = $1::uuid",
      userId) == 1, "the clone audited");
  }

  @Test
  void anAuthenticatorWithoutACounterSignsInAgainAndAgain() {
    SoftwareAuthenticator authenticator = registered();

    assertThat(signIn(authenticator).status()).isEqualTo(200);
    assertThat(signIn(authenticator).status()).isEqualTo(200);
  }

  @Test
  void aRemovedPasskeySignsInNobody() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response removed = http.send(HttpMethod.DELETE, "/_me/passkeys/" + authenticator.id(), null, Http.bearer(jwt));
    Http.Response login = signIn(authenticator);

    assertThat(removed.status()).withFailMessage(removed.pretty()).isEqualTo(200);
    assertThat(removed.result().getString("_id")).isEqualTo(authenticator.id());
    assertRefused(login);
    awaitFailure("unknown_passkey");
  }

  @Test
  void aDisabledAccountsPasskeySignsInNobody() {
    SoftwareAuthenticator authenticator = registered();
    db.query("UPDATE users SET status = 'disabled' WHERE id = $1::uuid", userId);

    Http.Response login = signIn(authenticator);

    assertRefused(login);
    awaitFailure("account_not_active");
  }

  @Test
  void anErasedAccountLosesItsPasskeys() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response erased = http.post("/_plugin/Vendor/user/deleteAccount", new JsonObject().put("currentPassword", Accounts.PASSWORD),
      jwt);
    Http.Response login = signIn(authenticator);

    assertThat(erased.statusCode()).withFailMessage(erased.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM passkeys")).isZero();
    assertRefused(login);
  }

  @Test
  void garbageIsAClear400AndChangesNothing() {
    SoftwareAuthenticator authenticator = registered();
    long challenges = db.count("SELECT count(*) FROM passkey_challenges");
    JsonObject good = authenticator.sign(challenge());
    JsonObject badBase64 = good.copy();
    badBase64.getJsonObject("response").put("authenticatorData", "%%%not base64%%%");
    JsonObject truncated = good.copy();
    truncated.getJsonObject("response").put("clientDataJSON", "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0Ig");

    for (Object credential : new Object[] {null, "text", 42, new JsonObject(), new JsonObject().put("id", "x"), badBase64,
      truncated}) {
      Http.Response response = login(credential);

      assertThat(response.status()).withFailMessage(credential + " " + response.pretty()).isEqualTo(400);
      assertThat(response.error().getString("id")).isEqualTo("security.passkey.malformed");
    }
    Http.Response registration = http.post("/_me/passkeys", new JsonObject().put("credential", "AAAA"), jwt);
    assertThat(registration.status()).isEqualTo(400);
    assertThat(registration.error().getString("id")).isEqualTo("security.passkey.malformed");
    assertThat(db.count("SELECT count(*) FROM passkeys")).isEqualTo(1);
    // the good assertion's challenge was never reached: it still signs in
    assertThat(db.count("SELECT count(*) FROM passkey_challenges")).isEqualTo(challenges + 1);
    assertThat(login(good).status()).isEqualTo(200);
  }

  @Test
  void aPersonListsRenamesAndRemovesOnlyTheirOwnPasskeys() {
    SoftwareAuthenticator mine = registered();
    Accounts.createActive(app, "bob@example.com");
    String bob = Accounts.login(app, "bob@example.com");

    Http.Response renamed = rename(mine.id(), " Laptop ", jwt);
    Http.Response othersRename = rename(mine.id(), "Stolen", bob);
    Http.Response othersRemove = http.send(HttpMethod.DELETE, "/_me/passkeys/" + mine.id(), null, Http.bearer(bob));
    Http.Response badName = rename(mine.id(), "a\u0007b", jwt);
    Http.Response badId = rename("***", "x", jwt);
    Http.Response list = http.get("/_me/passkeys", jwt);

    assertThat(renamed.status()).withFailMessage(renamed.pretty()).isEqualTo(200);
    assertThat(renamed.result().getString("name")).isEqualTo("Laptop");
    assertThat(othersRename.status()).isEqualTo(404);
    assertThat(othersRemove.status()).isEqualTo(404);
    assertThat(badName.status()).isEqualTo(400);
    assertThat(badId.status()).isEqualTo(400);
    assertThat(list.result().getInteger("total")).isEqualTo(1);
    assertThat(list.result().getJsonArray("hits").getJsonObject(0).getString("name")).isEqualTo("Laptop");
    assertThat(http.get("/_me/passkeys", bob).result().getInteger("total")).isZero();
  }

  @Test
  void theSameCredentialCannotBeRegisteredTwice() {
    SoftwareAuthenticator authenticator = registered();

    Http.Response again = register(authenticator, "again");

    assertThat(again.status()).isEqualTo(400);
    assertThat(again.error().getString("id")).isEqualTo("security.passkey.not_added");
  }

  @Test
  void aRegistrationChallengeServesOnlyItsAccountAndOnlyOnce() {
    Accounts.createActive(app, "bob@example.com");
    String bob = Accounts.login(app, "bob@example.com");
    JsonObject options = http.post("/_me/passkeys/_options", new JsonObject(), jwt).result();
    JsonObject credential = new SoftwareAuthenticator(ORIGIN, RP_ID).register(options);

    Http.Response asBob = http.post("/_me/passkeys", new JsonObject().put("credential", credential), bob);
    Http.Response asAnn = http.post("/_me/passkeys", new JsonObject().put("credential", credential), jwt);
    Http.Response again = http.post("/_me/passkeys", new JsonObject().put("credential", credential), jwt);

    assertThat(asBob.status()).isEqualTo(400);
    assertThat(asBob.error().getString("id")).isEqualTo("security.passkey.challenge_invalid");
    assertThat(asAnn.status()).isEqualTo(200);
    assertThat(again.status()).isEqualTo(400);
    assertThat(again.error().getString("id")).isEqualTo("security.passkey.challenge_invalid");
  }

  @Test
  void theExportListsThePasskeysMetadata() {
    registered();

    Http.Response export = http.get("/_plugin/Vendor/user/exportData", jwt);

    JsonObject passkey = export.result().getJsonObject("data").getJsonArray("passkeys").getJsonObject(0);
    assertThat(passkey.fieldNames()).containsExactlyInAnyOrder("name", "transports", "createdAt", "lastUsedAt");
  }

  @Test
  void theHelpDeskListsAPersonsPasskeysAndRemovesOneWhichThenSignsInNobody() {
    SoftwareAuthenticator authenticator = registered();

    Cli.Run listed = Cli.run("users", "passkeys", EMAIL);
    Cli.Run wrongId = Cli.run("users", "passkeys", "remove", EMAIL, "not-an-id");
    Cli.Run removed = Cli.run("users", "passkeys", "remove", EMAIL, authenticator.id(), "--operator", "desk-1");
    Cli.Run empty = Cli.run("users", "passkeys", EMAIL);

    assertThat(listed.exitCode()).withFailMessage(listed.err()).isZero();
    assertThat(listed.lines()).hasSize(2);
    assertThat(listed.lines().get(1)).startsWith(authenticator.id() + "\tPhone\tinternal\t");
    assertThat(wrongId.exitCode()).isEqualTo(1);
    assertThat(removed.exitCode()).withFailMessage(removed.err()).isZero();
    assertThat(empty.lines()).hasSize(1);
    assertRefused(signIn(authenticator));
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'passkey.removed' AND detail = $1",
      "by operator desk-1") == 1, "the removal audited");
  }

  @Test
  void theHelpDeskAnswersAnUnknownAddressWithAnError() {
    Cli.Run run = Cli.run("users", "passkeys", "nobody@example.com");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("no account has that e-mail address");
  }

  @Test
  void aSourceOverTheCredentialsRateGetsNoMoreChallengesNorSignInsWhileAnotherSourceSignsIn() {
    SoftwareAuthenticator authenticator = registered();
    for (int i = 0; i < 3; i++) {
      assertThat(from("203.0.113.7", "/_login/passkey/_challenge", new JsonObject()).status()).isEqualTo(200);
    }

    Http.Response challenge = from("203.0.113.7", "/_login/passkey/_challenge", new JsonObject());
    Http.Response login = from("203.0.113.7", "/_login/passkey", new JsonObject().put("credential",
      authenticator.sign(challenge())));
    Http.Response other = from("203.0.113.8", "/_login/passkey", new JsonObject().put("credential",
      authenticator.sign(challenge())));

    assertThat(challenge.status()).isEqualTo(429);
    assertThat(challenge.headers().get("Retry-After")).isNotBlank();
    assertThat(login.status()).isEqualTo(429);
    assertThat(other.status()).withFailMessage(other.pretty()).isEqualTo(200);
  }

  @Test
  void aRegistrationNeedsASignedInPerson() {
    Http.Response response = http.post("/_me/passkeys/_options", new JsonObject());

    assertThat(response.status()).isEqualTo(401);
  }

  private SoftwareAuthenticator registered() {
    SoftwareAuthenticator authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    Http.Response response = register(authenticator, "Phone");
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    return authenticator;
  }

  private Http.Response register(SoftwareAuthenticator authenticator, String name) {
    JsonObject options = http.post("/_me/passkeys/_options", new JsonObject(), jwt).result();
    return http.post("/_me/passkeys", new JsonObject().put("credential", authenticator.register(options)).put("name", name),
      jwt);
  }

  private JsonObject challenge() {
    Http.Response response = http.post("/_login/passkey/_challenge", new JsonObject());
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    return response.result();
  }

  private Http.Response signIn(SoftwareAuthenticator authenticator) {
    return login(authenticator.sign(challenge()));
  }

  private Http.Response login(Object credential) {
    return http.post("/_login/passkey", new JsonObject().put("credential", credential));
  }

  private Http.Response from(String source, String path, JsonObject body) {
    return http.send(HttpMethod.POST, path, body.toBuffer(), MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source));
  }

  private Http.Response rename(String id, String name, String token) {
    return http.send(HttpMethod.PUT, "/_me/passkeys/" + id, Buffer.buffer(new JsonObject().put("name", name).encode()),
      MultiMap.caseInsensitiveMultiMap().addAll(Http.bearer(token)));
  }

  private static void assertRefused(Http.Response response) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.error().getString("id")).isEqualTo("security.credentials.invalid");
  }

  /** Which check refused the sign-in: the audit trail says (the reply does not). */
  private void awaitFailure(String detail) {
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'login.failed' AND detail = $1", detail) == 1,
      "login.failed " + detail + " audited");
  }
}
