package io.lanyard.signup;

import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.UserScope;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailTemplate;
import io.lanyard.services.mail.TemplateRepository;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fromSalon} and {@code fromSessionSalon} (docs/decisions.md §7): slugs on both creation routes, and never text of a mail,
 * whatever a template asks for; only a link URL the operator chose carries them, URL-encoded.
 */
class FairNamesIT extends SharedServiceFixture {

  private static final String CREATE = "/_plugin/Vendor/user/create";
  private static final String CREATE_WITH_PASSWORD = "/_plugin/Vendor/user/createWithPassword";
  private static final String URL_LIKE_SLUG = "www.evil.example";
  /** A link as the operator's URLs below make it (in text, or HTML-escaped): the fair's name is a parameter of it. */
  private static final String LINK =
    "https://fair\\.example/[a-z]+\\?token(=|&#61;)[A-Za-z0-9_-]{43}&(amp;)?salon(=|&#61;)www\\.evil\\.example";

  @Test
  void fairNamesThatAreNotSlugsAre190OnBothCreationRoutesAndWriteNothing() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    for (String path : List.of(CREATE, CREATE_WITH_PASSWORD)) {
      boolean withPassword = path.equals(CREATE_WITH_PASSWORD);
      JsonObject body = creation("ann@example.com", fair.token(), withPassword ? Accounts.PASSWORD : null,
        withPassword ? true : null).put("fromSalon", "Win a prize at https://evil.example").put("fromSessionSalon", "-spring");

      Http.Response response = http.post(path, body);

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.result()).withFailMessage(response.pretty()).isEqualTo(new JsonObject().put("statusCode", 190)
        .put("message", "generic_error").put("data", new JsonObject().put("errors", new JsonArray()
          .add(new JsonObject().put("field", "fromSalon").put("reason", "invalid_slug"))
          .add(new JsonObject().put("field", "fromSessionSalon").put("reason", "invalid_slug")))));
    }
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void aSlugIsALetterOrDigitThenUpTo63LettersDigitsDotsDashesOrUnderscores() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    String longest = "S" + "alon_2026.v2-".repeat(4) + "x".repeat(11);

    Http.Response taken = http.post(CREATE, creation("ann@example.com", fair.token(), null, null)
      .put("fromSalon", longest).put("fromSessionSalon", "9"));
    Http.Response tooLong = http.post(CREATE, creation("bob@example.com", fair.token(), null, null)
      .put("fromSalon", longest + "x"));
    Http.Response space = http.post(CREATE, creation("carl@example.com", fair.token(), null, null)
      .put("fromSessionSalon", "spring 2026"));

    assertThat(longest).hasSize(64);
    assertThat(taken.statusCode()).withFailMessage(taken.pretty()).isZero();
    assertThat(db.single("SELECT from_salon FROM users").getString(0)).isEqualTo(longest);
    assertThat(tooLong.statusCode()).isEqualTo(190);
    assertThat(space.statusCode()).isEqualTo(190);
  }

  @Test
  void aUrlLikeFairNameReachesNoMailTextOnlyTheOperatorsLinkUrl() throws Exception {
    Fixtures.App fair = Fixtures.application(app, "fair", true, UserScope.ANY,
      Optional.of("https://fair.example/activate?token={token}&salon={fromSalon}"),
      new ApplicationUrls(Optional.of("https://fair.example/reset?token={token}&salon={fromSalon}"), Optional.empty(),
        Optional.empty()));
    // templates stored before {{salon}} was refused by `templates set`: it renders empty
    for (MailKind kind : List.of(MailKind.ACCOUNT_LINK, MailKind.WELCOME, MailKind.PASSWORD_RESET)) {
      await(new TemplateRepository().save(app.lanyard().pool(), new MailTemplate(fair.id(), kind, "eng-GB",
        kind.wireName() + " for {{salon}}", "Hello from {{salon}}: {{link}}",
        Optional.of("<p>Hello from {{salon}}: <a href=\"{{link}}\">{{{salon}}}</a></p>"))));
    }
    app.reloadCaches();

    http.post(CREATE, creation("ann@example.com", fair.token(), null, null).put("fromSalon", URL_LIKE_SLUG));
    http.post(CREATE_WITH_PASSWORD, creation("bob@example.com", fair.token(), Accounts.PASSWORD, true)
      .put("fromSalon", URL_LIKE_SLUG));
    http.post("/_plugin/Vendor/user/requestPasswordReset",
      new JsonObject().put("email", "bob@example.com").put("fromThirdParty", fair.token()));

    MimeMessage link = Mails.awaitTo(smtp, "ann@example.com", "account_link");
    MimeMessage welcome = Mails.awaitTo(smtp, "bob@example.com", "welcome");
    MimeMessage reset = Mails.awaitTo(smtp, "bob@example.com", "password_reset");
    for (MimeMessage mail : List.of(link, welcome, reset)) {
      assertThat(Mails.subjectOf(mail)).doesNotContain(URL_LIKE_SLUG);
      assertThat(Mails.textOf(mail).replaceAll(LINK, "")).startsWith("Hello from :").doesNotContain(URL_LIKE_SLUG);
      assertThat(Mails.htmlOf(mail).replaceAll(LINK, "")).doesNotContain(URL_LIKE_SLUG);
    }
    assertThat(Mails.textOf(link)).containsPattern(LINK);
    assertThat(Mails.textOf(reset)).containsPattern(LINK);
  }
}
