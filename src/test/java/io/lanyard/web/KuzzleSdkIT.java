package io.lanyard.web;

import io.lanyard.model.accounts.UserTypeRepository;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official Kuzzle JavaScript SDK (npm {@code kuzzle-sdk}, pinned in {@code src/test/node}) against the running service:
 * {@code new Kuzzle(new Http('localhost', {port}))} with no customRoutes. The build runs {@code npm ci} there first.
 */
class KuzzleSdkIT {

  private static final Path PROJECT = Path.of("src", "test", "node");
  private static final String EMAIL = "ann@example.com";
  private static final List<String> USER_TYPES = List.of("visitor", "exhibitor", "press");

  private final TestApp app = TestApp.shared();

  @Test
  void theKuzzleSdkWorksUnchanged() throws Exception {
    assertThat(PROJECT.resolve("node_modules").resolve("kuzzle-sdk")).withFailMessage(
      "kuzzle-sdk is not installed: run npm ci in " + PROJECT + " (mvn verify does it in pre-integration-test)").isDirectory();
    TestDb.get().truncate();
    String userId = Accounts.createActive(app, EMAIL);
    await(new UserTypeRepository().replace(app.lanyard().pool(), USER_TYPES));

    ProcessBuilder node = new ProcessBuilder("node", "kuzzle-sdk-parity.js")
      .directory(PROJECT.toFile())
      .redirectErrorStream(true);
    node.environment().put("LANYARD_PORT", Integer.toString(app.port()));
    node.environment().put("LANYARD_EMAIL", EMAIL);
    node.environment().put("LANYARD_PASSWORD", Accounts.PASSWORD);
    node.environment().put("LANYARD_USER_ID", userId);
    node.environment().put("LANYARD_PLUGIN", app.config().pluginName());
    node.environment().put("LANYARD_USER_TYPES", "[\"" + String.join("\",\"", USER_TYPES) + "\"]");
    Path output = Files.createTempFile("kuzzle-sdk", ".log");
    Process process = node.redirectOutput(output.toFile()).start();

    boolean finished = process.waitFor(60, TimeUnit.SECONDS);
    if (!finished) {
      process.destroyForcibly();
    }
    String printed = read(output);

    assertThat(finished).withFailMessage("node did not finish within 60 s:\n" + printed).isTrue();
    assertThat(process.exitValue()).withFailMessage(printed).isZero();
    assertThat(printed).contains(
      "ok - connect() builds the routes from /_publicApi",
      "ok - a wrong password is a KuzzleError 401 \"wrong username or password\"",
      "ok - auth.login(\"local\", credentials, \"12h\") stores a 12 h token",
      "ok - kuzzle.query on the plugin route, with no customRoutes",
      "ok - auth.checkToken() says valid, with kuid and expiresAt",
      "ok - auth.getCurrentUser() is the logged-in user",
      "ok - auth.updateMyCredentials(\"local\", {password, currentPassword}) changes the password, keeping this session",
      "ok - auth.refreshToken() replaces the token",
      "ok - the refreshed-away token is refused after its 1 s grace period",
      "ok - auth.logout() revokes the token",
      "ok - a query with the revoked token is a KuzzleError 401 \"Invalid token\"",
      "kuzzle-sdk parity: all 11 checks passed");
  }

  private static String read(Path output) throws IOException {
    String text = Files.readString(output, StandardCharsets.UTF_8);
    Files.deleteIfExists(output);
    return text;
  }
}
