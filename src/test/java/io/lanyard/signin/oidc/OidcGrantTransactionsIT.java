package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import io.lanyard.testing.Accounts;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A code's exchange and a refresh each write in one transaction: the token used up, the access token's session and the
 * grant's writes all commit or none does. A failure midway (here a trigger that makes the last write fail) leaves the code or
 * refresh token unused and nothing issued, so the client's retry works. And what a sign-in granted ends with a cut-off of
 * the account's sessions that came after it, even for a code not yet exchanged.
 */
class OidcGrantTransactionsIT extends OidcFixture {

  private static final String FAILING_WRITE = """
    CREATE FUNCTION fail_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'injected failure'; END $$;
    CREATE TRIGGER fail_write BEFORE INSERT ON %s FOR EACH ROW EXECUTE FUNCTION fail_write()""";

  @AfterEach
  void removeFailingWrite() {
    db.script("DROP FUNCTION IF EXISTS fail_write() CASCADE");
  }

  @Test
  void aRefreshThatFailsAtItsRotationChangesNothingAndItsTokenStillWorks() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid offline_access");
    RefreshToken refreshToken = tokens.getOIDCTokens().getRefreshToken();
    String accessBefore = db.single("SELECT access_token_id FROM oidc_grants").getString(0);
    db.script(FAILING_WRITE.formatted("oidc_refresh_tokens"));

    int failed = status(new RefreshTokenGrant(refreshToken));

    assertThat(failed).isEqualTo(500);
    assertThat(db.count("SELECT count(*) FROM oidc_refresh_tokens WHERE used_at IS NOT NULL")).isZero();
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isEqualTo(1);
    assertThat(db.single("SELECT access_token_id FROM oidc_grants").getString(0)).isEqualTo(accessBefore);
    removeFailingWrite();
    assertThat(refresh(portal, refreshToken).indicatesSuccess()).isTrue();
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isEqualTo(2);
  }

  @Test
  void anExchangeThatFailsAtItsGrantChangesNothingAndItsCodeStillWorks() throws Exception {
    Attempt attempt = attempt(portal, "openid");
    AuthorizationCode code = signIn(attempt);
    db.script(FAILING_WRITE.formatted("oidc_grants"));

    int failed = status(new AuthorizationCodeGrant(code, URI.create(portal.redirectUri()), attempt.verifier()));

    assertThat(failed).isEqualTo(500);
    assertThat(db.count("SELECT count(*) FROM oidc_codes WHERE used_at IS NOT NULL")).isZero();
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isZero();
    removeFailingWrite();
    assertThat(exchange(portal, code, attempt.verifier()).indicatesSuccess()).isTrue();
    assertThat(db.count("SELECT count(*) FROM oidc_grants")).isEqualTo(1);
  }

  @Test
  void aCodeSignedInBeforeAGlobalLogoutIssuesNothing() throws Exception {
    Attempt attempt = attempt(portal, "openid");
    AuthorizationCode code = signIn(attempt);
    String apiToken = Accounts.login(app, ANN, PASSWORD);
    assertThat(app.http().post("/_logout?global=true", new JsonObject(), apiToken).status()).isEqualTo(200);

    TokenErrorResponse refused = (TokenErrorResponse) exchange(portal, code, attempt.verifier());

    assertThat(refused.getErrorObject().getCode()).isEqualTo("invalid_grant");
    assertThat(db.count("SELECT count(*) FROM oidc_grants")).isZero();
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isZero();
  }

  /** The token endpoint's HTTP status for the grant, whatever its body (a failure's is no token response). */
  private int status(AuthorizationGrant grant) throws Exception {
    return new TokenRequest(provider.getTokenEndpointURI(), authentication(portal), grant).toHTTPRequest().send()
      .getStatusCode();
  }
}
