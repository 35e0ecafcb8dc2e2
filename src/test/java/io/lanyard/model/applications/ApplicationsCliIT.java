package io.lanyard.model.applications;

import io.lanyard.platform.support.SecretTokens;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.Smtp;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** The operator's commands for applications and templates, and a running service following them within seconds. */
class ApplicationsCliIT extends SharedServiceFixture {

  private static final String CREATE = "/_plugin/Vendor/user/createWithPassword";
  private static final Duration FOLLOW = Duration.ofSeconds(3);


  @Test
  void createPrintsTheTokenOnceOnTheLastLineAndStoresOnlyItsHash() {
    Cli.Run run = Cli.run("apps", "create", "--name", "badges", "--can-create-users", "--user-scope", "any",
      "--link-url", "https://fair.example/activate/{token}", "--expires-at", "2099-01-31");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    String token = run.lines().get(run.lines().size() - 1);
    assertThat(token).matches("[A-Za-z0-9_-]{43}");
    Row stored = db.single("SELECT name, token_hash, can_create_users, user_scope, link_url, enabled, expires_at::date::text AS expires "
      + "FROM applications");
    assertThat(HexFormat.of().formatHex(stored.getBuffer("token_hash").getBytes())).isEqualTo(SecretTokens.sha256Hex(token));
    assertThat(stored.getBoolean("can_create_users")).isTrue();
    assertThat(stored.getString("user_scope")).isEqualTo("any");
    assertThat(stored.getString("link_url")).isEqualTo("https://fair.example/activate/{token}");
    assertThat(stored.getBoolean("enabled")).isTrue();
    assertThat(stored.getString("expires")).isEqualTo("2099-01-31");

    Cli.Run list = Cli.run("apps", "list");
    assertThat(list.out()).contains("badges\tenabled\ttrue\tany").doesNotContain(token);
  }

  @Test
  void createDefaultsToSelfScopeAndNoCreationRight() {
    Cli.run("apps", "create", "--name", "portal");

    Row stored = db.single("SELECT can_create_users, user_scope, link_url FROM applications");
    assertThat(stored.getBoolean("can_create_users")).isFalse();
    assertThat(stored.getString("user_scope")).isEqualTo("self");
    assertThat(stored.getValue("link_url")).isNull();
  }

  @Test
  void createRefusesABadLinkUrlADuplicateNameAndABadScope() {
    Cli.Run badUrl = Cli.run("apps", "create", "--name", "x", "--link-url", "http://fair.example/{token}");
    Cli.Run noToken = Cli.run("apps", "create", "--name", "x", "--link-url", "https://fair.example/activate");
    Cli.Run badScope = Cli.run("apps", "create", "--name", "x", "--user-scope", "all");
    Cli.run("apps", "create", "--name", "taken");
    Cli.Run duplicate = Cli.run("apps", "create", "--name", "taken");

    assertThat(badUrl.exitCode()).isEqualTo(2);
    assertThat(badUrl.err()).contains("https");
    assertThat(noToken.exitCode()).isEqualTo(2);
    assertThat(noToken.err()).contains("{token}");
    assertThat(badScope.exitCode()).isEqualTo(2);
    assertThat(duplicate.exitCode()).isEqualTo(1);
    assertThat(duplicate.err()).contains("already exists");
    assertThat(db.count("SELECT count(*) FROM applications")).isEqualTo(1);
  }

  @Test
  void runningServiceFollowsDisableEnableAndRevokeWithinSeconds() {
    String token = lastLine(Cli.run("apps", "create", "--name", "badges", "--can-create-users"));
    Eventually.until(() -> createCode(token, "a@example.com") == 0, FOLLOW, "the new application admitted");

    assertThat(Cli.run("apps", "disable", "badges").exitCode()).isZero();
    Eventually.until(() -> createCode(token, "b@example.com") == 140, FOLLOW, "disabled: 140");

    Cli.run("apps", "enable", "badges");
    Eventually.until(() -> createCode(token, "c@example.com") == 0, FOLLOW, "enabled again");

    Cli.run("apps", "revoke", "badges");
    Eventually.until(() -> createCode(token, "d@example.com") == 149, FOLLOW, "revoked: 149");
    Cli.run("apps", "enable", "badges");
    assertThat(createCode(token, "e@example.com")).as("revocation is final").isEqualTo(149);
    assertThat(Cli.run("apps", "list").out()).contains("badges\trevoked");
  }

  @Test
  void changesToAMissingApplicationAreRefused() {
    assertThat(Cli.run("apps", "disable", "nobody").exitCode()).isEqualTo(1);
    assertThat(Cli.run("apps", "revoke", "nobody").err()).contains("no application named");
  }

  @Test
  void setLinkUrlChecksTheUrlAtOnceAndTheServiceUsesIt() throws Exception {
    String token = lastLine(Cli.run("apps", "create", "--name", "badges", "--can-create-users"));
    setTemplate("badges", "account_link", "eng-GB");
    Eventually.until(() -> linkCode(token, "a@example.com") == 124, FOLLOW, "no link URL: 124");

    Cli.Run refused = Cli.run("apps", "set-link-url", "badges", "https://fair.example/no-token");
    Cli.Run accepted = Cli.run("apps", "set-link-url", "badges", "https://fair.example/activate/{token}");

    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(accepted.exitCode()).isZero();
    Eventually.until(() -> linkCode(token, "b@example.com") == 0, FOLLOW, "link URL set: 0");
  }

  @Test
  void theDisplayNameIsShownAndNamesTheApplicationInBuiltInMailsAndHostedPages() throws Exception {
    String token = lastLine(Cli.run("apps", "create", "--name", "badges", "--can-create-users"));
    Cli.Run update = Cli.run("apps", "update", "badges", "--display-name", "Salon du Livre & BD 2026");

    assertThat(update.exitCode()).withFailMessage(update.err()).isZero();
    assertThat(Cli.run("apps", "show", "badges").lines()).contains("display_name\tSalon du Livre & BD 2026");
    Eventually.until(() -> code(CREATE, token, "a@example.com", true) == 0, FOLLOW, "created");
    var mail = Mails.awaitTo(Smtp.shared(), "a@example.com", "Welcome");
    assertThat(Mails.subjectOf(mail)).isEqualTo("Welcome – Salon du Livre & BD 2026");
    assertThat(Mails.textOf(mail).replace("\r\n", "\n").strip()).endsWith("-- \nSalon du Livre & BD 2026");
    assertThat(Mails.htmlOf(mail)).contains("<p>– Salon du Livre &amp; BD 2026</p>");
    String appId = db.single("SELECT id::text FROM applications").getString(0);
    assertThat(http.get("/account/forgot?app=" + appId + "&lang=eng-GB").text())
      .contains("<title>Forgotten your password? – Salon du Livre &amp; BD 2026</title>");

    Cli.run("apps", "update", "badges", "--display-name", "");
    assertThat(Cli.run("apps", "show", "badges").lines()).as("the name again").contains("display_name\tbadges");
  }

  @Test
  void templatesSetAndListAndTheServiceMailsWithThem() throws Exception {
    String token = lastLine(Cli.run("apps", "create", "--name", "badges", "--can-create-users"));
    Eventually.until(() -> code(CREATE, token, "a@example.com", true) == 0, FOLLOW, "no template of its own: the built-in one");
    assertThat(Mails.subjectOf(Mails.awaitTo(Smtp.shared(), "a@example.com", "Welcome"))).isEqualTo("Welcome – badges");

    Cli.Run set = setTemplate("badges", "welcome", "fre-FR");
    Cli.Run list = Cli.run("templates", "list", "--app", "badges");

    assertThat(set.exitCode()).withFailMessage(set.err()).isZero();
    assertThat(list.lines()).contains("welcome\tfre-FR\tyes\tBienvenue au Salon 2026");
    Eventually.until(() -> code(CREATE, token, "b@example.com", true) == 0, FOLLOW, "template set: 0");
    assertThat(Mails.subjectOf(Mails.awaitTo(Smtp.shared(), "b@example.com", "Bienvenue"))).isEqualTo("Bienvenue au Salon 2026");
  }

  @Test
  void templatesSetRefusesBadArguments() throws Exception {
    Cli.run("apps", "create", "--name", "badges");
    Path text = Files.createTempFile("template", ".txt");

    assertThat(Cli.run("templates", "set", "--app", "badges", "--kind", "reminder", "--language", "eng-GB", "--subject", "s",
      "--text-file", text.toString()).exitCode()).isEqualTo(2);
    assertThat(Cli.run("templates", "set", "--app", "badges", "--kind", "welcome", "--language", "de-DE", "--subject", "s",
      "--text-file", text.toString()).exitCode()).isEqualTo(2);
    assertThat(Cli.run("templates", "set", "--app", "badges", "--kind", "welcome", "--language", "eng-GB", "--subject", "s",
      "--text-file", "/no/such/file").exitCode()).isEqualTo(2);
    assertThat(Cli.run("templates", "set", "--app", "nobody", "--kind", "welcome", "--language", "eng-GB", "--subject", "s",
      "--text-file", text.toString()).exitCode()).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_templates")).isZero();
  }

  @Test
  void templatesSetRefusesTheSalonPlaceholderWhichIsNeverFilledIn() throws Exception {
    Cli.run("apps", "create", "--name", "badges");
    Path text = Files.createTempFile("template", ".txt");
    Files.writeString(text, "Hello {{email}}, welcome to {{ salon }}: {{link}}");

    Cli.Run inText = Cli.run("templates", "set", "--app", "badges", "--kind", "welcome", "--language", "eng-GB",
      "--subject", "Welcome", "--text-file", text.toString());
    Cli.Run inSubject = Cli.run("templates", "set", "--app", "badges", "--kind", "welcome", "--language", "eng-GB",
      "--subject", "Welcome to {{{salon}}}", "--text-file", text.toString());

    assertThat(inText.exitCode()).isEqualTo(2);
    assertThat(inText.err()).contains("--text-file: {{salon}} is no longer filled in");
    assertThat(inSubject.exitCode()).isEqualTo(2);
    assertThat(inSubject.err()).contains("--subject: {{salon}} is no longer filled in");
    assertThat(db.count("SELECT count(*) FROM mail_templates")).isZero();
  }

  private Cli.Run setTemplate(String appName, String kind, String language) throws Exception {
    Path text = Files.createTempFile("template", ".txt");
    Files.writeString(text, "Bonjour {{email}}, {{link}}");
    Path html = Files.createTempFile("template", ".html");
    Files.writeString(html, "<p>Bonjour {{email}}</p>");
    return Cli.run("templates", "set", "--app", appName, "--kind", kind, "--language", language,
      "--subject", "Bienvenue au Salon 2026", "--text-file", text.toString(), "--html-file", html.toString());
  }

  private int createCode(String token, String email) {
    return code(CREATE, token, email, false);
  }

  private int linkCode(String token, String email) {
    return http.post("/_plugin/Vendor/user/create", creation(email, token, null, null)).statusCode();
  }

  private int code(String path, String token, String email, boolean sendingAllowed) {
    return http.post(path, creation(email, token, "a long password", sendingAllowed)).statusCode();
  }

  private static String lastLine(Cli.Run run) {
    List<String> lines = run.lines();
    return lines.get(lines.size() - 1);
  }
}
