package io.lanyard.testing;

import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.UserScope;
import io.lanyard.services.mail.MailKind;
import io.vertx.core.json.JsonObject;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Await.await;

/**
 * For tests of the hosted pages: a fair whose account links lead to the pages of the service under test, accounts created
 * through the API, and the links of the mails GreenMail received.
 */
public final class HostedPagesFixture {

  public static final String FAIR_NAME = "Salon du Livre 2026";
  public static final String RETURN_URL = "https://fair.example/welcome";

  private static final Pattern LINK = Pattern.compile("(https?://[^\\s\"<>]+/account/[a-z]+\\?token=[A-Za-z0-9_-]+)");

  private HostedPagesFixture() {
  }

  /**
   * A fair showing {@link #FAIR_NAME}, whose links open the pages of this service ({@code /account/activate}, {@code reset},
   * {@code email}), with a return URL; its account-link mail is its own template, the others the built-in ones.
   */
  public static Fixtures.App fairUsingHostedPages(TestApp app) {
    String pages = "http://127.0.0.1:" + app.port() + "/account/";
    Fixtures.App fair = Fixtures.application(app, "fair", true, UserScope.ANY, Optional.of(pages + "activate?token={token}"));
    ApplicationRepository applications = new ApplicationRepository();
    await(applications.updateUrls(app.lanyard().pool(), "fair", Optional.empty(), new ApplicationUrls(
      Optional.of(pages + "reset?token={token}"), Optional.of(pages + "email?token={token}"), Optional.of(RETURN_URL))));
    await(applications.setDisplayName(app.lanyard().pool(), "fair", Optional.of(FAIR_NAME)));
    for (String language : new String[] {"eng-GB", "fre-FR"}) {
      Fixtures.template(app, fair, MailKind.ACCOUNT_LINK, language);
    }
    app.reloadCaches();
    return fair;
  }

  /** Signs {@code email} up through {@code /user/create}, in {@code language}; the account is pending. */
  public static void signUp(TestApp app, Fixtures.App fair, String email, String language) {
    JsonObject body = Fixtures.creation(email, fair.token(), null, null).put("language", language);
    Http.Response response = app.http().post("/_plugin/Vendor/user/create", body);
    if (response.statusCode() != 0) {
      throw new AssertionError("sign-up failed: " + response.pretty());
    }
  }

  /** The link of the mail, as a person would click it. */
  public static String linkIn(MimeMessage mail) throws Exception {
    String text = textOf(mail);
    Matcher link = LINK.matcher(text);
    if (!link.find()) {
      throw new AssertionError("no hosted-page link in: " + text);
    }
    return link.group(1);
  }

  /** The text part of a mail. */
  public static String textOf(MimeMessage mail) throws Exception {
    Object content = mail.getContent();
    if (content instanceof String text) {
      return text;
    }
    Multipart multipart = (Multipart) content;
    for (int i = 0; i < multipart.getCount(); i++) {
      if (multipart.getBodyPart(i).isMimeType("text/plain")) {
        return (String) multipart.getBodyPart(i).getContent();
      }
    }
    throw new AssertionError("no text part");
  }
}
