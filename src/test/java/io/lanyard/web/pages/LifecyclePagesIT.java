package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import static io.lanyard.testing.HostedPagesFixture.FAIR_NAME;
import static io.lanyard.testing.HostedPagesFixture.RETURN_URL;
import static io.lanyard.testing.HostedPagesFixture.fairUsingHostedPages;
import static io.lanyard.testing.HostedPagesFixture.linkIn;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages of an account's later life in a real browser: asking for a link when the password is forgotten, choosing a new
 * one from that link, confirming a new e-mail address; then the API agrees. Every page passes axe-core.
 */
class LifecyclePagesIT extends SharedServiceFixture {

  private static final String OLD_PASSWORD = "the old long password";
  private static final String NEW_PASSWORD = "a brand new password";

  private static Browser browser;

  private Fixtures.App fair;

  @BeforeAll
  static void startBrowser() {
    browser = Browser.start(Browser.DESKTOP, "en-GB,en");
  }

  @AfterAll
  static void stopBrowser() {
    browser.close();
  }

  @BeforeEach
  void fairWithHostedLinks() {
    browser.forgetCookies();
    fair = fairUsingHostedPages(app);
  }

  @Test
  void aPersonWhoForgotTheirPasswordAsksForALinkAndChoosesANewOne() throws Exception {
    activeAccount("ann@example.com", "eng-GB");

    browser.open("http://127.0.0.1:" + app.port() + "/account/forgot");
    browser.awaitHeading("Forgotten your password?");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("forgot");
    browser.find(By.id("email")).sendKeys("ann@example.com");
    browser.typeAndAwaitNextPage(Keys.ENTER);
    browser.awaitHeading("Check your e-mail");
    assertThat(browser.accessibilityViolations()).isEmpty();

    browser.open(linkIn(mailTo("ann@example.com")));
    browser.awaitHeading("Choose a new password");
    assertThat(browser.find(By.className("application")).getText()).isEqualTo(FAIR_NAME);
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("reset");
    browser.find(By.id("password")).sendKeys(NEW_PASSWORD);
    browser.find(By.id("confirmation")).sendKeys(NEW_PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Your password has changed");
    assertThat(browser.find(By.linkText("Back to " + FAIR_NAME)).getAttribute("href")).isEqualTo(RETURN_URL);
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("reset-done");
    assertThat(Accounts.loginStatus(app, "ann@example.com", NEW_PASSWORD)).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, "ann@example.com", OLD_PASSWORD)).isEqualTo(401);
  }

  @Test
  void anUnknownAddressGetsTheSamePageAndNoMail() throws Exception {
    browser.open("http://127.0.0.1:" + app.port() + "/account/forgot");
    browser.find(By.id("email")).sendKeys("nobody@example.com");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Check your e-mail");
    assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(700))).isEmpty();
  }

  @Test
  void aFrenchAccountConfirmsItsNewAddressWithAButton() throws Exception {
    activeAccount("anne@example.fr", "fre-FR");
    String jwt = Accounts.login(app, "anne@example.fr", OLD_PASSWORD);
    Http.Response asked = http.post("/_plugin/Vendor/user/requestEmailChange",
      new JsonObject().put("newEmail", "anne.martin@example.fr").put("currentPassword", OLD_PASSWORD), jwt);
    assertThat(asked.statusCode()).withFailMessage(asked.pretty()).isZero();

    browser.open(linkIn(mailTo("anne.martin@example.fr")));

    browser.awaitHeading("Confirmez votre nouvelle adresse e-mail");
    assertThat(browser.find(By.tagName("main")).getText()).contains("anne.martin@example.fr");
    assertThat(db.single("SELECT email FROM users").getString(0)).isEqualTo("anne@example.fr");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("email-confirm-fre-FR");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    browser.awaitHeading("Votre adresse e-mail a été modifiée");
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(Accounts.loginStatus(app, "anne.martin@example.fr", OLD_PASSWORD)).isEqualTo(200);
  }

  private void activeAccount(String email, String language) {
    Http.Response created = http.post("/_plugin/Vendor/user/createWithPassword",
      Fixtures.creation(email, fair.token(), OLD_PASSWORD, false).put("language", language));
    assertThat(created.statusCode()).withFailMessage(created.pretty()).isZero();
  }

  /** The mail that reached {@code recipient} (notices to other addresses may arrive too), once it has. */
  private MimeMessage mailTo(String recipient) {
    Eventually.until(() -> sentTo(recipient).isPresent(), Duration.ofSeconds(10), "a mail to " + recipient);
    return sentTo(recipient).orElseThrow();
  }

  private Optional<MimeMessage> sentTo(String recipient) {
    return smtp.received().stream().filter(mail -> {
      try {
        return Arrays.stream(mail.getAllRecipients()).anyMatch(address -> address.toString().contains(recipient));
      } catch (MessagingException e) {
        throw new IllegalStateException(e);
      }
    }).findFirst();
  }
}
