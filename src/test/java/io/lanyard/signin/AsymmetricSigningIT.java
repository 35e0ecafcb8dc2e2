package io.lanyard.signin;

import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.Keys;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.security.KeyPair;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ES256 and RS256: tokens name their key ({@code kid}), GET /.well-known/jwks.json publishes the public keys, and a third party
 * verifies tokens offline with another JWT library (Nimbus). A key rotates through a second configured key, refusing no token.
 */
class AsymmetricSigningIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String JWKS = "/.well-known/jwks.json";


  @Test
  void es256TokenVerifiesWithThePublishedKeyInAnotherLibrary() throws Exception {
    try (TestApp app = TestApp.start(Keys.environment("ES256", Keys.ec(), null))) {
      String userId = Accounts.createActive(app, EMAIL);
      String jwt = Accounts.login(app, EMAIL);

      Http.Response jwks = app.http().get(JWKS);

      assertThat(jwks.status()).isEqualTo(200);
      assertThat(jwks.headers().get("Content-Type")).startsWith("application/json");
      assertThat(jwks.headers().get("Cache-Control")).isEqualTo("public, max-age=300");
      assertThat(jwks.body().fieldNames()).containsExactly("keys");
      JsonObject published = jwks.body().getJsonArray("keys").getJsonObject(0);
      assertThat(published.fieldNames()).containsExactlyInAnyOrder("kty", "crv", "x", "y", "kid", "alg", "use");
      assertThat(published.getString("kty")).isEqualTo("EC");
      assertThat(published.getString("crv")).isEqualTo("P-256");
      assertThat(published.getString("alg")).isEqualTo("ES256");
      assertThat(published.getString("use")).isEqualTo("sig");
      assertThat(Tokens.header(jwt).getString("alg")).isEqualTo("ES256");
      assertThat(Tokens.header(jwt).getString("kid")).isEqualTo(published.getString("kid"));

      JWKSet keySet = JWKSet.parse(jwks.text());
      ECKey key = (ECKey) keySet.getKeyByKeyId(Tokens.header(jwt).getString("kid"));
      assertThat(key.isPrivate()).isFalse();
      assertThat(key.computeThumbprint().toString()).isEqualTo(published.getString("kid"));
      SignedJWT parsed = SignedJWT.parse(jwt);
      assertThat(parsed.verify(new ECDSAVerifier(key))).isTrue();
      assertThat(parsed.getJWTClaimsSet().getSubject()).isEqualTo(userId);
      assertThat(parsed.getJWTClaimsSet().getIssuer()).isEqualTo("lanyard");
      assertThat(app.http().get("/_me", jwt).status()).isEqualTo(200);
    }
  }

  @Test
  void rs256TokenVerifiesWithThePublishedKeyInAnotherLibrary() throws Exception {
    try (TestApp app = TestApp.start(Keys.environment("RS256", Keys.rsa(), null))) {
      Accounts.createActive(app, EMAIL);
      String jwt = Accounts.login(app, EMAIL);

      JWKSet keySet = JWKSet.parse(app.http().get(JWKS).text());

      RSAKey key = (RSAKey) keySet.getKeyByKeyId(Tokens.header(jwt).getString("kid"));
      assertThat(key.isPrivate()).isFalse();
      assertThat(Tokens.header(jwt).getString("alg")).isEqualTo("RS256");
      assertThat(SignedJWT.parse(jwt).verify(new RSASSAVerifier(key))).isTrue();
    }
  }

  @Test
  void aKeyRotatesWithNoTokenRefused() throws Exception {
    KeyPair old = Keys.ec();
    KeyPair next = Keys.ec();
    String oldToken;
    try (TestApp before = TestApp.start(Keys.environment("ES256", old, null))) {
      Accounts.createActive(before, EMAIL);
      oldToken = Accounts.login(before, EMAIL);
    }
    String oldKid = Tokens.header(oldToken).getString("kid");

    // 1. the next key is published before it signs
    try (TestApp publishing = TestApp.start(Keys.environment("ES256", old, next))) {
      List<String> kids = kids(publishing);
      assertThat(kids).hasSize(2).startsWith(oldKid);
      assertThat(Tokens.header(Accounts.login(publishing, EMAIL)).getString("kid")).isEqualTo(oldKid);
    }

    // 2. the next key signs; the old one still verifies
    String nextToken;
    try (TestApp rotated = TestApp.start(Keys.environment("ES256", next, old))) {
      assertThat(rotated.http().get("/_me", oldToken).status()).isEqualTo(200);
      nextToken = Accounts.login(rotated, EMAIL);
      String nextKid = Tokens.header(nextToken).getString("kid");
      assertThat(nextKid).isNotEqualTo(oldKid);
      assertThat(kids(rotated)).containsExactly(nextKid, oldKid);
      JWKSet keySet = JWKSet.parse(rotated.http().get(JWKS).text());
      assertThat(verifies(keySet, oldToken)).isTrue();
      assertThat(verifies(keySet, nextToken)).isTrue();
    }

    // 3. the old key is removed: its tokens go, the next key's stay
    try (TestApp done = TestApp.start(Keys.environment("ES256", next, null))) {
      Http.Response refused = done.http().get("/_me", oldToken);
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.error().getString("message")).isEqualTo("Json Web Token Error");
      assertThat(done.http().get("/_me", nextToken).status()).isEqualTo(200);
    }
  }

  @Test
  void tokensOfAnotherKeyOrAlgorithmAreRefused() {
    KeyPair stranger = Keys.ec();
    String foreign;
    try (TestApp other = TestApp.start(Keys.environment("ES256", stranger, null))) {
      Accounts.createActive(other, EMAIL);
      foreign = Accounts.login(other, EMAIL);
    }
    try (TestApp app = TestApp.start(Keys.environment("ES256", Keys.ec(), null))) {
      String hmac = Tokens.sign("HS256", TestApp.JWT_SECRET, Tokens.claims(db.single("SELECT id FROM users").getUUID(0).toString(),
        System.currentTimeMillis() / 1000 + 3600));
      for (String token : List.of(foreign, hmac)) {
        Http.Response response = app.http().get("/_me", token);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.error().getString("message")).isEqualTo("Json Web Token Error");
      }
    }
  }

  @Test
  void hs256PublishesNoKeys() {
    TestApp app = TestApp.shared();

    Http.Response response = app.http().get(JWKS);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.error().getString("message")).isEqualTo("API URL not found: /.well-known/jwks.json.");
    assertThat(app.http().get("/_publicApi").result().getJsonObject("auth").containsKey("getJwks")).isFalse();
  }

  private static List<String> kids(TestApp app) {
    return app.http().get(JWKS).body().getJsonArray("keys").stream().map(key -> ((JsonObject) key).getString("kid")).toList();
  }

  private static boolean verifies(JWKSet keySet, String token) throws Exception {
    SignedJWT parsed = SignedJWT.parse(token);
    JWK key = keySet.getKeyByKeyId(parsed.getHeader().getKeyID());
    JWSVerifier verifier = new ECDSAVerifier((ECKey) key);
    return parsed.verify(verifier);
  }
}
