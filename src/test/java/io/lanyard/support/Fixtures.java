package io.lanyard.support;

import io.lanyard.applications.ApplicationRepository;
import io.lanyard.applications.UserScope;
import io.lanyard.mail.MailKind;
import io.lanyard.mail.MailTemplate;
import io.lanyard.mail.TemplateRepository;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

import static io.lanyard.support.Await.await;

/**
 * Applications and templates for tests, written with the repositories the CLI uses, then loaded by the service. Tests of the
 * CLI itself go through {@link Cli}.
 */
public final class Fixtures {

  public static final String LINK_URL = "https://fair.example/activate?token={token}&lang={language}";
  public static final String SALON = "salon-2026";
  public static final String SESSION = "salon-2026-spring";

  private Fixtures() {
  }

  /** A created application: its id and its token. */
  public record App(String name, String id, String token) {
  }

  /** An application that may create users, with a link URL and both templates in both languages. */
  public static App registrationApp(TestApp app, String name) {
    App created = application(app, name, true, UserScope.ANY, Optional.of(LINK_URL));
    for (String language : new String[] {"eng-GB", "fre-FR"}) {
      template(app, created, MailKind.ACCOUNT_LINK, language);
      template(app, created, MailKind.WELCOME, language);
    }
    app.reloadCaches();
    return created;
  }

  public static App application(TestApp app, String name, boolean canCreateUsers, UserScope scope, Optional<String> linkUrl) {
    String token = SecretTokens.generate();
    String id = await(new ApplicationRepository().insert(app.lanyard().pool(), name, SecretTokens.sha256(token), canCreateUsers,
      scope, linkUrl, Optional.empty())).orElseThrow();
    app.reloadCaches();
    return new App(name, id, token);
  }

  /** Subject "[kind language] Welcome to {{salon}}", text and html bodies holding every placeholder. */
  public static void template(TestApp app, App application, MailKind kind, String language) {
    String tag = "[" + kind.wireName() + " " + language + "]";
    await(new TemplateRepository().save(app.lanyard().pool(), new MailTemplate(application.id(), kind, language,
      tag + " Welcome to {{salon}}",
      tag + " Hello {{firstname}} <{{email}}>, open {{link}} for {{salon}}.",
      Optional.of("<p>" + tag + " Hello <b>{{email}}</b>: <a href=\"{{link}}\">{{salon}}</a></p>"))));
    app.reloadCaches();
  }

  /** A complete body for the creation routes; {@code password} null for /user/create. */
  public static JsonObject creation(String email, String token, String password, Boolean sendingAllowed) {
    JsonObject body = new JsonObject().put("email", email).put("fromSalon", SALON).put("fromSessionSalon", SESSION)
      .put("language", "eng-GB").put("fromThirdParty", token);
    if (password != null) {
      body.put("password", password).put("isSendingEmailAllowed", sendingAllowed);
    }
    return body;
  }
}
