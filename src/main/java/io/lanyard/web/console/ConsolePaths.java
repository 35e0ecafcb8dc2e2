package io.lanyard.web.console;

import io.lanyard.signin.oidc.ConsoleClient;

/**
 * Where browsers find the console and the hosted pages' stylesheet, under {@code http.publicUrl}'s path.
 *
 * @param issuer {@code http.publicUrl}, the provider the console signs in with
 * @param console the console's path, ending with a slash ({@code /console/})
 * @param pages the hosted pages' path, ending with a slash ({@code /account/})
 */
public record ConsolePaths(String issuer, String console, String pages) {

  String callbackUri() {
    return issuer + ConsoleClient.CALLBACK;
  }
}
