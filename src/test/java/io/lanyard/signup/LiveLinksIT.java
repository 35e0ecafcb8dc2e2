package io.lanyard.signup;

import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pending account asking again for its link (docs/decisions.md §7): the new link joins the earlier ones, which keep working (the
 * newest three); activating with any of them uses them all up, for the API and for the hosted activation page alike.
 */
class LiveLinksIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String CHOOSE_PASSWORD = "Choose your password";
  private static final String NO_LONGER_WORKS = "This link no longer works";

  private Fixtures.App fair;

  @BeforeEach
  void pendingAccount() {
    fair = Fixtures.lifecycleApp(app, "fair");
    assertThat(http.post("/_plugin/Vendor/user/create", creation(EMAIL, fair.token(), null, null)).statusCode()).isZero();
  }

  @Test
  void bothLinksWorkUntilOneIsUsedThenTheOtherIsRefusedEverywhere() {
    List<String> links = linksAfterAskingAgain(1);
    String first = links.get(0);
    String second = links.get(1);
    assertThat(activationPage(first)).contains(CHOOSE_PASSWORD);
    assertThat(activationPage(second)).contains(CHOOSE_PASSWORD);

    Http.Response activated = activate(second);

    assertThat(activated.statusCode()).withFailMessage(activated.pretty()).isZero();
    Http.Response refused = activate(first);
    assertThat(refused.result()).isEqualTo(new JsonObject().put("statusCode", 191).put("message", "generic_error"));
    assertThat(activationPage(first)).contains(NO_LONGER_WORKS).doesNotContain(CHOOSE_PASSWORD);
    assertThat(activationPage(second)).contains(NO_LONGER_WORKS);
    assertThat(db.count("SELECT count(*) FROM account_links WHERE used_at IS NULL")).isZero();
  }

  @Test
  void aFourthLinkEndsTheFirstOnly() {
    List<String> links = linksAfterAskingAgain(3);

    assertThat(activationPage(links.get(0))).contains(NO_LONGER_WORKS);
    assertThat(activate(links.get(0)).statusCode()).isEqualTo(191);
    for (String live : links.subList(1, 4)) {
      assertThat(activationPage(live)).contains(CHOOSE_PASSWORD);
    }
    assertThat(db.count("SELECT count(*) FROM account_links")).isEqualTo(3);
    assertThat(activate(links.get(2)).statusCode()).isZero();
    assertThat(activate(links.get(3)).statusCode()).isEqualTo(191);
  }

  /**
   * The account's first link, then one more for each time it asks again (requestPasswordReset, for a pending account), oldest
   * first: each mail is awaited before asking again.
   */
  private List<String> linksAfterAskingAgain(int times) {
    List<String> tokens = new ArrayList<>();
    tokens.add(Mails.tokenIn(smtp.awaitMessages(1).get(0)));
    for (int i = 1; i <= times; i++) {
      Http.Response asked = http.post("/_plugin/Vendor/user/requestPasswordReset",
        new JsonObject().put("email", EMAIL).put("fromThirdParty", fair.token()));
      assertThat(asked.statusCode()).isZero();
      tokens.add(Mails.tokenIn(smtp.awaitMessages(i + 1).get(i)));
    }
    assertThat(tokens).doesNotHaveDuplicates();
    return tokens;
  }

  private Http.Response activate(String token) {
    return http.post("/_plugin/Vendor/user/activate", new JsonObject().put("token", token).put("password", "my new password"));
  }

  private String activationPage(String token) {
    return http.get("/account/activate?token=" + token).text();
  }
}
