package io.lanyard.testing;

import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.UserScope;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailTemplate;
import io.lanyard.services.mail.TemplateRepository;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

import static io.lanyard.testing.Await.await;

/**
 * Applications and templates for tests, written with the repositories the CLI uses, then loaded by the service. Tests of the
 * CLI itself go through {@link Cli}.
 */
public final class Fixtures {

  public static final String LINK_URL = "https://fair.example/activate?token={token}&lang={language}";
  public static final String RESET_URL = "https://fair.example/reset?token={token}&lang={language}";
  public static final String EMAIL_URL = "https://fair.example/email?token={token}";
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

  /** An application that may create users, with every link URL and no template of its own: the built-in ones serve. */
  public static App lifecycleApp(TestApp app, String name) {
    return application(app, name, true, UserScope.SELF, Optional.of(LINK_URL),
      new ApplicationUrls(Optional.of(RESET_URL), Optional.of(EMAIL_URL), Optional.of("https://fair.example/")));
  }

  public static App application(TestApp app, String name, boolean canCreateUsers, UserScope scope, Optional<String> linkUrl) {
    return application(app, name, canCreateUsers, scope, linkUrl, ApplicationUrls.none());
  }

  public static App application(TestApp app, String name, boolean canCreateUsers, UserScope scope, Optional<String> linkUrl,
                                ApplicationUrls urls) {
    String token = SecretTokens.generate();
    String id = await(new ApplicationRepository().insert(app.lanyard().pool(), name, SecretTokens.sha256(token), canCreateUsers,
      scope, linkUrl, urls, Optional.empty())).orElseThrow();
    app.reloadCaches();
    return new App(name, id, token);
  }

  /** Subject "[kind language] Welcome to the fair", text and html bodies holding every placeholder. */
  public static void template(TestApp app, App application, MailKind kind, String language) {
    String tag = "[" + kind.wireName() + " " + language + "]";
    await(new TemplateRepository().save(app.lanyard().pool(), new MailTemplate(application.id(), kind, language,
      tag + " Welcome to the fair",
      tag + " Hello {{firstname}} <{{email}}>, open {{link}} for the fair.",
      Optional.of("<p>" + tag + " Hello <b>{{email}}</b>: <a href=\"{{link}}\">the fair</a></p>"))));
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
