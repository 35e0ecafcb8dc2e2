package io.lanyard.signin.oidc;

import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.UserAgent;
import org.junit.jupiter.api.Test;

import java.net.HttpCookie;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hosted login page's device marker (docs/security.md#device-markers): a sign-in sets the {@code lanyard_device} cookie,
 * and the browser that holds it signs in while other browsers' wrong passwords (10, this service's default) keep Ann's
 * address locked; a browser without it sees the "too many attempts" page.
 */
class OidcDeviceMarkerIT extends OidcFixture {

  private static final String DEVICE = "lanyard_device";

  @Test
  void aSignInSetsTheMarkerCookieHttpOnlyAndStrict() {
    UserAgent.Page login = browser.open(attempt(portal, "openid").uri());
    UserAgent.Page signedIn = browser.submit(login, Map.of("email", ANN, "password", PASSWORD));

    // the sign-in answers the redirect to the client, which the browser does not follow: its cookies are on that reply
    List<String> setCookies = signedIn.response().headers().allValues("set-cookie");
    assertThat(setCookies).anySatisfy(cookie -> assertThat(cookie).startsWith(DEVICE + "=v1.").contains("HttpOnly")
      .contains("SameSite=Strict").contains("Max-Age=7776000"));
    HttpCookie kept = browser.cookie(DEVICE).orElseThrow();
    assertThat(kept.isHttpOnly()).isTrue();
  }

  @Test
  void theBrowserThatSignedInBeforeSignsInWhileTheAddressIsLocked() throws Exception {
    browser.signIn(attempt(portal, "openid").uri(), ANN, PASSWORD);
    browser.forgetCookie(OidcProvider.SESSION_COOKIE);
    UserAgent attacker = new UserAgent(OidcProviderApp.issuer(app));
    for (int i = 0; i < 10; i++) {
      UserAgent.Page wrong = attacker.submit(attacker.open(attempt(portal, "openid").uri()),
        Map.of("email", ANN, "password", "guess " + i));
      assertThat(wrong.status()).isEqualTo(401);
    }
    UserAgent.Page locked = attacker.submit(attacker.open(attempt(portal, "openid").uri()),
      Map.of("email", ANN, "password", PASSWORD));
    assertThat(locked.status()).isEqualTo(429);

    Attempt again = attempt(portal, "openid");
    assertThat(code(browser.signIn(again.uri(), ANN, PASSWORD))).isNotNull();

    UserAgent newBrowser = new UserAgent(OidcProviderApp.issuer(app));
    UserAgent.Page stranger = newBrowser.submit(newBrowser.open(attempt(portal, "openid").uri()),
      Map.of("email", ANN, "password", PASSWORD));
    assertThat(stranger.status()).as("a browser without the marker is locked out as before").isEqualTo(429);
    assertThat(newBrowser.cookie(DEVICE)).isEmpty();
  }
}
