package io.lanyard.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * A service whose OpenID Connect provider is on: its issuer ({@code http.publicUrl}) must be the address clients reach, so
 * the port is chosen before it starts (a free one, asked of the system; taken meanwhile, the start fails and another is
 * tried) and the issuer is {@code http://127.0.0.1:<port>}.
 */
public final class OidcProviderApp {

  private static final int ATTEMPTS = 5;

  private OidcProviderApp() {
  }

  public static TestApp start(Map<String, String> overrides) {
    return start(overrides, "127.0.0.1");
  }

  /**
   * @param host the issuer's host: {@code localhost} where a browser must see a domain, which WebAuthn needs as its RP id (an
   *   IP address is none)
   */
  public static TestApp start(Map<String, String> overrides, String host) {
    RuntimeException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = freePort();
      Map<String, String> env = new HashMap<>(overrides);
      env.put("LANYARD_HTTP_PORT", Integer.toString(port));
      env.put("LANYARD_PUBLIC_URL", "http://" + host + ":" + port);
      try {
        return TestApp.start(env);
      } catch (RuntimeException e) {
        last = e;
      }
    }
    throw last;
  }

  public static String issuer(TestApp app) {
    return "http://127.0.0.1:" + app.port();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
