package io.lanyard.web.pages;

import io.lanyard.model.applications.UserScope;
import io.lanyard.services.mail.MailKind;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.HostedPagesFixture;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Fixtures.creation;
import static io.lanyard.testing.HostedPagesFixture.linkIn;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code http.publicUrl}: an application without a URL of its own for a kind of link gets the hosted page's (docs/decisions.md §9:
 * account, reset and e-mail-change links alike), and the
 * pages live under the public URL's path; {@code http.pagesStylesheet} replaces the stylesheet.
 */
class HostedLinksIT extends SharedServiceFixture {

  private static final String PUBLIC_URL = "https://accounts.fair.example/sso/";
  private static final String CREATE = "/_plugin/Vendor/user/create";
  private static final String PASSWORD = "a long password";

  private TestApp hosted;
  private Path stylesheet;

  @BeforeEach
  void serviceWithAPublicUrl() throws Exception {
    stylesheet = Files.createTempFile("fair", ".css");
    Files.writeString(stylesheet, "body { color: rebeccapurple; }");
    hosted = TestApp.start(Map.of("LANYARD_PUBLIC_URL", PUBLIC_URL, "LANYARD_PAGES_STYLESHEET", stylesheet.toString()));
  }

  @AfterEach
  void stop() throws Exception {
    hosted.close();
    Files.deleteIfExists(stylesheet);
  }

  @Test
  void anApplicationWithoutALinkUrlLinksToTheHostedPageWhichWorks() throws Exception {
    Fixtures.App fair = appWithTemplates(Optional.empty());

    Http.Response created = hosted.http().post(CREATE, creation("ann@example.com", fair.token(), null, null));

    assertThat(created.statusCode()).isZero();
    String link = linkIn(smtp.awaitMessages(1).get(0));
    assertThat(link).matches("https://accounts\\.fair\\.example/sso/account/activate\\?token=[A-Za-z0-9_-]{43}");
    Http.Response page = hosted.http().get(link.substring("https://accounts.fair.example/sso".length()));
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.text()).contains("href=\"/sso/account/style.css\"", "Choose your password");
    assertThat(page.headers().get("Set-Cookie")).contains("Secure", "Path=/sso/account");
  }

  @Test
  void resetAndEmailChangeLinksOfAnApplicationWithoutTheirUrlsLeadToTheHostedPages() throws Exception {
    Fixtures.App fair = appWithTemplates(Optional.empty());
    hosted.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));

    Http.Response reset = hosted.http().post("/_plugin/Vendor/user/requestPasswordReset",
      new JsonObject().put("email", "ann@example.com").put("fromThirdParty", fair.token()));
    String jwt = Accounts.login(hosted, "ann@example.com", PASSWORD);
    Http.Response change = hosted.http().post("/_plugin/Vendor/user/requestEmailChange",
      new JsonObject().put("newEmail", "ann.lee@example.org").put("currentPassword", PASSWORD), jwt);

    assertThat(reset.statusCode()).withFailMessage(reset.pretty()).isZero();
    assertThat(change.statusCode()).withFailMessage(change.pretty()).isZero();
    List<String> links = new ArrayList<>();
    for (MimeMessage mail : smtp.awaitMessages(2)) {
      links.add(linkIn(mail));
    }
    assertThat(links).anyMatch(link -> link.matches("https://accounts\\.fair\\.example/sso/account/reset\\?token=[A-Za-z0-9_-]{43}"))
      .anyMatch(link -> link.matches("https://accounts\\.fair\\.example/sso/account/email\\?token=[A-Za-z0-9_-]{43}"));
  }

  @Test
  void anApplicationsOwnLinkUrlStillWins() throws Exception {
    Fixtures.App fair = appWithTemplates(Optional.of(Fixtures.LINK_URL));

    hosted.http().post(CREATE, creation("ann@example.com", fair.token(), null, null));

    assertThat(HostedPagesFixture.textOf(smtp.awaitMessages(1).get(0))).contains("https://fair.example/activate?token=")
      .doesNotContain("accounts.fair.example");
  }

  @Test
  void withoutAPublicUrlOrALinkUrlTheAnswerIs124() {
    Fixtures.App fair = appWithTemplates(Optional.empty());
    app.reloadCaches();

    assertThat(http.post(CREATE, creation("ann@example.com", fair.token(), null, null)).statusCode()).isEqualTo(124);
  }

  @Test
  void theOperatorsStylesheetReplacesTheJars() {
    Http.Response css = hosted.http().get("/account/style.css");

    assertThat(css.text()).isEqualTo("body { color: rebeccapurple; }");
  }

  private Fixtures.App appWithTemplates(Optional<String> linkUrl) {
    Fixtures.App fair = Fixtures.application(hosted, "fair", true, UserScope.ANY, linkUrl);
    Fixtures.template(hosted, fair, MailKind.ACCOUNT_LINK, "eng-GB");
    hosted.reloadCaches();
    return fair;
  }
}
