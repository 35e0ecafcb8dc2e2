package io.lanyard.web.console;

import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.net.URI;
import java.util.Map;

/** Where the console's tests start: a service with the provider (and so the console) on, one per test class. */
abstract class ConsoleFixture {

  static final String DESK = "desk-7@fair.example";

  static TestApp app;
  static String issuer;
  final TestDb db = TestDb.get();

  @BeforeAll
  static void startService() {
    app = OidcProviderApp.start(Map.of());
    issuer = OidcProviderApp.issuer(app);
  }

  @AfterAll
  static void stopService() {
    app.close();
  }

  static URI console(String path) {
    return URI.create(issuer + "/console/" + path);
  }
}
