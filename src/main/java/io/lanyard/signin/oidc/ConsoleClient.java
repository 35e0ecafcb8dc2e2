package io.lanyard.signin.oidc;

import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.applications.UserScope;

import java.util.List;
import java.util.Optional;

/**
 * The help desk's console as a client of the provider (docs/decisions.md §14): built in, not a row of {@code oidc_clients}, so
 * no command can change or remove it and an empty database has it. First-party (no consent page), public (it exchanges its
 * codes inside the service, proving them with PKCE alone), and it receives codes only at {@code /console/callback} under the
 * issuer. Its sign-ins are audited under a fixed application id that no application row has.
 */
public final class ConsoleClient {

  public static final String CLIENT_ID = "lanyard-console";
  /** Where the console lives under the issuer, and where its codes come back. */
  public static final String PATH = "/console/";
  public static final String CALLBACK = PATH + "callback";
  static final String APPLICATION_ID = "00000000-0000-4000-8000-00000000c0de";
  private static final String LABEL = "Lanyard help desk";

  private ConsoleClient() {
  }

  static OidcClient of(String issuer) {
    Application application = new Application(APPLICATION_ID, CLIENT_ID, false, UserScope.NONE, Optional.empty(), true,
      Optional.empty(), Optional.empty(), ApplicationUrls.none(), Optional.of(LABEL));
    return new OidcClient(CLIENT_ID, APPLICATION_ID, LABEL, Optional.empty(), List.of(issuer + CALLBACK),
      List.of(issuer + PATH), true, Optional.empty(), IdTokenAlgorithm.DEFAULT, Optional.empty(), application);
  }
}
