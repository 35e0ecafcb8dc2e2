package io.lanyard.testing;

import java.util.List;

/** Webhook subscriptions for tests, made with the operator's command, then loaded by the service. */
public final class Webhooks {

  private Webhooks() {
  }

  /** A well-formed secret that is no subscription's. */
  public static String otherSecret() {
    return "whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[32]);
  }

  /** @return the subscription's secret, which the command prints last */
  public static String subscribe(TestApp app, TestDb db, String application, String url, String events) {
    Cli.Run run = Cli.runOn(db, "apps", "webhook", "set", application, "--url", url, "--events", events);
    if (run.exitCode() != 0) {
      throw new AssertionError("apps webhook set failed: " + run.err());
    }
    List<String> lines = run.lines();
    app.reloadCaches();
    return lines.get(lines.size() - 1);
  }
}
