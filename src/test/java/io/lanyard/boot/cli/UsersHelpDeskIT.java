package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** The help desk's users commands, against the running shared service. */
class UsersHelpDeskIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String NEW_PASSWORD = "set by the help desk";

  private final InputStream stdin = System.in;
  private Fixtures.App fair;

  @BeforeEach
  void account() {
    fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false));
  }

  @AfterEach
  void restoreStdin() {
    System.setIn(stdin);
  }

  @Test
  void setPasswordReadsStandardInputAndEndsSessions() {
    String jwt = Accounts.login(app, EMAIL);
    System.setIn(new ByteArrayInputStream((NEW_PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)));

    Cli.Run run = Cli.run("users", "set-password", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.out()).doesNotContain(NEW_PASSWORD);
    assertThat(Accounts.loginStatus(app, EMAIL, NEW_PASSWORD)).isEqualTo(200);
    io.lanyard.testing.Eventually.until(() -> http.get("/_me", jwt).status() == 401, "the old session refused");
    Mails.awaitTo(smtp, EMAIL, "Your password was changed");
  }

  @Test
  void setPasswordRefusesAShortOneAndUnknownAddresses() {
    System.setIn(new ByteArrayInputStream("short\n".getBytes(StandardCharsets.UTF_8)));
    assertThat(Cli.run("users", "set-password", EMAIL).exitCode()).isEqualTo(2);
    System.setIn(new ByteArrayInputStream((NEW_PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)));
    assertThat(Cli.run("users", "set-password", "nobody@example.com").exitCode()).isEqualTo(1);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(200);
  }

  @Test
  void sendResetMailsALinkThatWorks() {
    Cli.Run run = Cli.run("users", "send-reset", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    String token = Mails.tokenIn(Mails.awaitTo(smtp, EMAIL, "Reset your password"));
    assertThat(http.post("/_plugin/Vendor/user/resetPassword", new JsonObject().put("token", token).put("password", NEW_PASSWORD))
      .statusCode()).isZero();
  }

  @Test
  void showListAndExportNeverPrintASecret() {
    Cli.Run show = Cli.run("users", "show", EMAIL);
    Cli.Run list = Cli.run("users", "list", "--status", "active", "--salon", Fixtures.SALON, "--limit", "5");
    Cli.Run none = Cli.run("users", "list", "--salon", "another-fair");
    Cli.Run export = Cli.run("users", "export", EMAIL);

    assertThat(show.exitCode()).isZero();
    assertThat(show.out()).contains("email\t" + EMAIL, "status\tactive", "application\tfair").doesNotContain("$2a$");
    assertThat(list.lines()).hasSize(2);
    assertThat(list.lines().get(1)).contains(EMAIL + "\tactive\teng-GB\t" + Fixtures.SALON);
    assertThat(none.lines()).hasSize(1);
    assertThat(new JsonObject(export.out()).getJsonObject("account").getString("email")).isEqualTo(EMAIL);
    assertThat(export.out()).doesNotContain("$2a$");
    assertThat(Cli.run("users", "list", "--status", "gone").exitCode()).isEqualTo(2);
  }

  @Test
  void deleteErasesTheAccount() {
    String jwt = Accounts.login(app, EMAIL);

    Cli.Run run = Cli.run("users", "delete", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("deleted");
    io.lanyard.testing.Eventually.until(() -> http.get("/_me", jwt).status() == 401, "the session refused");
    Mails.awaitTo(smtp, EMAIL, "Your account was deleted");
    assertThat(Cli.run("users", "delete", EMAIL).exitCode()).isEqualTo(1);
  }
}
