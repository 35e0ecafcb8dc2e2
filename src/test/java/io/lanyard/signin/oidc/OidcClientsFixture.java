package io.lanyard.signin.oidc;

import io.lanyard.testing.Cli;
import io.lanyard.testing.TestApp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Clients registered the operator's way ({@code apps oidc}), read back from what the command printed. */
final class OidcClientsFixture {

  /** What {@code apps oidc} printed: its key/value lines. */
  record Client(String clientId, String secret, String redirectUri, Map<String, String> printed) {
  }

  private OidcClientsFixture() {
  }

  static Client register(TestApp app, String name, String redirectUri, String... options) {
    List<String> arguments = new ArrayList<>(List.of("apps", "oidc", "--app", name, "--redirect-uri", redirectUri));
    arguments.addAll(List.of(options));
    Cli.Run run = Cli.run(arguments.toArray(String[]::new));
    if (run.exitCode() != 0) {
      throw new AssertionError("apps oidc failed: " + run.err());
    }
    Map<String, String> printed = new HashMap<>();
    for (String line : run.lines()) {
      String[] parts = line.split("\t", 2);
      printed.putIfAbsent(parts[0], parts[1]);
    }
    app.reloadCaches();
    return new Client(printed.get("client_id"), printed.get("client_secret"), redirectUri, printed);
  }
}
