package io.lanyard.boot.cli;

import io.lanyard.model.applications.UserScope;
import io.lanyard.platform.support.SecretCipher;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.HostedPagesFixture.linkIn;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command that needs a setting the configuration lacks refuses in one line naming it and how to give it, and changes
 * nothing (docs/operating.md, "Settings a command needs"); given the setting, it does the whole job.
 */
class CliSettingsIT extends SharedServiceFixture {

  private static final String PUBLIC_URL = "https://accounts.fair.example/sso";
  private static final Map<String, String> NO_SECRET_KEY = noSecretKey();
  private static final String CSV = "email,language,fromSalon,fromSessionSalon,firstname\n"
    + "ann@example.com,eng-GB,salon-2026,spring,Ann\n"
    + "bob@example.com,fre-FR,salon-2026,spring,Bob\n";

  @TempDir
  Path dir;

  @Test
  void webhookSetWithoutTheSecretKeyRefusesAndStoresNoSecretInClear() {
    Fixtures.application(app, "badges", false, UserScope.NONE, Optional.empty());

    Cli.Run run = Cli.runWithEnvironment(NO_SECRET_KEY, "apps", "webhook", "set", "badges",
      "--url", "https://badges.example/hooks", "--events", "all");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).isEqualTo("lanyard: LANYARD_JWT_SECRET_KEY is not set, and it is needed to encrypt the "
      + "webhook's signing secret: set LANYARD_JWT_SECRET_KEY (or LANYARD_JWT_SECRET_KEY_FILE) to the service's key; "
      + "nothing was changed");
    assertThat(db.count("SELECT count(*) FROM webhook_subscriptions")).as("no row, so no secret in clear").isZero();
  }

  @Test
  void webhookSetWithTheSecretKeyStoresTheSecretSealed() {
    Fixtures.application(app, "badges", false, UserScope.NONE, Optional.empty());

    Cli.Run run = Cli.run("apps", "webhook", "set", "badges", "--url", "https://badges.example/hooks", "--events", "all");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    String printed = run.lines().get(run.lines().size() - 1);
    String stored = db.single("SELECT secret FROM webhook_subscriptions").getString(0);
    assertThat(stored).doesNotContain(printed);
    assertThat(SecretCipher.isSealed(stored)).isTrue();
    assertThat(SecretCipher.of(TestApp.JWT_SECRET_KEY, "webhook_subscriptions.secret").open(stored)).contains(printed);
  }

  @Test
  void keysRotateWithoutTheSecretKeyRefusesAndLeavesTheKeysAlone() {
    List<String> before = settings();

    Cli.Run run = Cli.runWithEnvironment(NO_SECRET_KEY, "keys", "rotate");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).startsWith("lanyard: LANYARD_JWT_SECRET_KEY is not set, and it is needed to read and write "
      + "the ID tokens' signing key").endsWith("nothing was changed").doesNotContain("\n");
    assertThat(settings()).isEqualTo(before);
  }

  @Test
  void sendResetWithoutAPublicUrlNamesItWhenTheApplicationReliesOnTheHostedPages() {
    Fixtures.application(app, "fair", true, UserScope.SELF, Optional.empty());
    Accounts.createActive(app, "ann@example.com");

    Cli.Run run = Cli.run("users", "send-reset", "ann@example.com", "--app", "fair");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).isEqualTo("lanyard: http.publicUrl is not set, and it is needed for the hosted page the link "
      + "leads to, as application fair has no usable URL of its own for it (apps update fair --reset-url or --link-url): set "
      + "LANYARD_PUBLIC_URL or http.publicUrl in the config file; nothing was changed");
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void sendResetWithAPublicUrlSendsTheHostedResetLink() throws Exception {
    Fixtures.application(app, "fair", true, UserScope.SELF, Optional.empty());
    Accounts.createActive(app, "ann@example.com");

    Cli.Run run = Cli.runWithEnvironment(Map.of("LANYARD_PUBLIC_URL", PUBLIC_URL), "users", "send-reset", "ann@example.com",
      "--app", "fair");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(linkIn(smtp.awaitMessages(1).get(0)))
      .matches("https://accounts\\.fair\\.example/sso/account/reset\\?token=[A-Za-z0-9_-]{43}");
  }

  @Test
  void importWithSendLinksWithoutAPublicUrlNamesItAndImportsNothing() throws IOException {
    Fixtures.application(app, "fair", true, UserScope.SELF, Optional.empty());
    Path file = Files.writeString(dir.resolve("attendees.csv"), CSV);

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair", "--send-links");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).startsWith("lanyard: http.publicUrl is not set, and it is needed for --send-links: "
      + "application fair has no usable account-link URL of its own").contains("set LANYARD_PUBLIC_URL or http.publicUrl")
      .endsWith("nothing was changed");
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  /** As {@code /user/create} does for an application with no account-link URL: the links open the hosted activation page. */
  @Test
  void importWithSendLinksMailsWorkingHostedLinksForAnApplicationWithoutALinkUrl() throws Exception {
    Path file = Files.writeString(dir.resolve("attendees.csv"), CSV);
    try (TestApp hosted = TestApp.start(Map.of("LANYARD_PUBLIC_URL", PUBLIC_URL))) {
      Fixtures.application(hosted, "fair", true, UserScope.SELF, Optional.empty());
      app.reloadCaches();

      Cli.Run run = Cli.runWithEnvironment(Map.of("LANYARD_PUBLIC_URL", PUBLIC_URL), "users", "import", file.toString(),
        "--app", "fair", "--send-links");

      assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
      assertThat(run.out()).contains("links\t2");
      Map<String, String> links = new HashMap<>();
      for (MimeMessage mail : smtp.awaitMessages(2)) {
        links.put(Mails.recipient(mail), linkIn(mail));
      }
      assertThat(links.keySet()).containsExactlyInAnyOrder("ann@example.com", "bob@example.com");
      assertThat(links.values()).allMatch(link -> link.matches(
        "https://accounts\\.fair\\.example/sso/account/activate\\?token=[A-Za-z0-9_-]{43}"), "a hosted activation link");
      String path = links.get("ann@example.com").substring(PUBLIC_URL.length());
      Http.Response page = hosted.http().get(path);
      assertThat(page.status()).isEqualTo(200);
      assertThat(page.text()).contains("Choose your password");
      String token = path.substring(path.indexOf("token=") + "token=".length());
      Http.Response activated = hosted.http().post("/_plugin/Vendor/user/activate",
        new JsonObject().put("token", token).put("password", "a long password"));
      assertThat(activated.statusCode()).withFailMessage(activated.pretty()).isZero();
      assertThat(db.count("SELECT count(*) FROM users WHERE status = 'active'")).isEqualTo(1);
    }
  }

  private List<String> settings() {
    List<String> rows = new ArrayList<>();
    db.query("SELECT name, value FROM settings ORDER BY name").forEach(row -> rows.add(row.deepToString()));
    return rows;
  }

  private static Map<String, String> noSecretKey() {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_JWT_SECRET_KEY", null);
    return env;
  }
}
