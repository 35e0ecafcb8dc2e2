package io.lanyard.boot.cli;

import io.lanyard.model.accounts.FairNames;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.applications.OidcClientRepository;
import io.lanyard.model.applications.RedirectUris;
import io.lanyard.model.applications.UserScope;
import io.lanyard.platform.support.SecretTokens;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code apps oidc}: makes an application an OpenID Connect client, or changes its client settings (docs/decisions.md §13).
 * Prints {@code key<TAB>value} lines; a confidential client's secret once, when it is made or rotated (only its SHA-256 is
 * kept). An application that does not exist is created first, so a fresh install needs nothing but this command and
 * {@code http.publicUrl}.
 */
@Command(name = "oidc", description = {"Make an application an OpenID Connect client, or change its client settings. The "
  + "application is created if it does not exist (its API token is then printed too, once). Prints key<TAB>value lines: "
  + "client_id, and for a confidential client client_secret, shown once when the client is made or with --rotate-secret "
  + "(only its SHA-256 is kept).",
  "Redirect URIs are compared exactly: no wildcard, no prefix. They must be https, except on localhost and loopback "
  + "addresses. Every option replaces the client's current value."},
  footer = {"  java -jar lanyard.jar apps oidc --app exhibitor-portal --first-party \\",
    "    --redirect-uri https://exhibitors.fair.example/callback \\",
    "    --post-logout-redirect-uri https://exhibitors.fair.example/"})
final class AppsOidcCommand extends RuntimeCommand {

  @Option(names = "--app", required = true, paramLabel = "NAME", description = "The application's name.")
  private String name;

  @Option(names = "--redirect-uri", required = true, paramLabel = "URI",
    description = "Where the client receives codes (repeat for several).")
  private List<String> redirectUris = new ArrayList<>();

  @Option(names = "--post-logout-redirect-uri", paramLabel = "URI",
    description = "Where the browser may go after logout (repeat for several).")
  private List<String> postLogoutRedirectUris = new ArrayList<>();

  @Option(names = "--public", description = "A public client (mobile app, single-page app): no secret, PKCE alone.")
  private boolean isPublic;

  @Option(names = "--first-party", description = "The organisation's own app: people are never asked to consent.")
  private boolean firstParty;

  @Option(names = "--backchannel-logout-uri", paramLabel = "URI",
    description = "Where a signed logout token is POSTed when a session the client took part in ends.")
  private String backchannelLogoutUri;

  @Option(names = "--id-token-alg", paramLabel = "ALG", description = "What signs the client's ID tokens and logout tokens: "
    + "RS256 (the default, what libraries expect when told nothing) or ES256.")
  private IdTokenAlgorithm idTokenAlgorithm = IdTokenAlgorithm.DEFAULT;

  @Option(names = "--rotate-secret", description = "Give a confidential client a new secret (printed once); the old one "
    + "stops working at once.")
  private boolean rotateSecret;

  @Option(names = "--signup-salon", paramLabel = "SLUG", description = "Offer \"create an account\" on the client's login "
    + "page: accounts asked for there are created by e-mailed link under this application, recorded under this fair (as "
    + "fromSalon and fromSessionSalon). This grants the login page alone: the application's API token keeps its own "
    + "--can-create-users. Without it, the page offers no sign-up.")
  private String signupSalon;

  @Option(names = "--display-name", paramLabel = "TEXT",
    description = "The name people see on the login and consent pages, for an application created here.")
  private String displayName;

  private Optional<String> backchannel;
  private Optional<String> shownName;
  private Optional<String> signup;

  @Override
  void checkArguments() {
    check("--redirect-uri", redirectUris);
    check("--post-logout-redirect-uri", postLogoutRedirectUris);
    backchannel = Optional.ofNullable(backchannelLogoutUri);
    backchannel.ifPresent(uri -> check("--backchannel-logout-uri", List.of(uri)));
    if (isPublic && rotateSecret) {
      throw refused("--rotate-secret: a public client has no secret");
    }
    shownName = DisplayNames.parse(spec, "--display-name", displayName);
    signup = Optional.ofNullable(signupSalon);
    if (signup.isPresent() && !FairNames.isSlug(signup.get())) {
      throw refused("--signup-salon " + signup.get() + ": a slug (letters, digits, '.', '_', '-'; at most 64)");
    }
  }

  @Override
  int run(CliRuntime runtime) {
    PrintWriter out = out();
    ApplicationRepository applications = new ApplicationRepository();
    Optional<Application> application = Await.result(applications.findByName(runtime.pool(), name));
    Optional<String> appToken = Optional.empty();
    if (application.isEmpty()) {
      String token = SecretTokens.generate();
      Await.result(applications.insert(runtime.pool(), name, SecretTokens.sha256(token), false, UserScope.NONE,
        Optional.empty(), ApplicationUrls.none(), Optional.empty(), shownName));
      application = Await.result(applications.findByName(runtime.pool(), name));
      appToken = Optional.of(token);
    }
    String applicationId = application.orElseThrow().id();
    OidcClientRepository clients = new OidcClientRepository();
    boolean exists = Await.result(clients.findByApplication(runtime.pool(), applicationId)).isPresent();
    Optional<String> secret = !isPublic && (!exists || rotateSecret || wasPublic(clients, runtime, applicationId))
      ? Optional.of(SecretTokens.generate()) : Optional.empty();
    OidcClientRepository.Registered registered = Await.result(clients.register(runtime.pool(), applicationId,
      new OidcClientRepository.Registration(redirectUris, postLogoutRedirectUris, firstParty, backchannel,
        secret.map(SecretTokens::sha256), isPublic, idTokenAlgorithm, signup)));
    runtime.config().http().publicUrl().ifPresentOrElse(issuer -> out.println("issuer\t" + issuer),
      () -> out.println("issuer\t-"));
    out.println("client_id\t" + registered.clientId());
    secret.ifPresent(value -> out.println("client_secret\t" + value));
    out.println("token_endpoint_auth_method\t" + (registered.confidential() ? "client_secret_basic" : "none"));
    redirectUris.forEach(uri -> out.println("redirect_uri\t" + uri));
    postLogoutRedirectUris.forEach(uri -> out.println("post_logout_redirect_uri\t" + uri));
    backchannel.ifPresent(uri -> out.println("backchannel_logout_uri\t" + uri));
    out.println("first_party\t" + firstParty);
    out.println("id_token_signed_response_alg\t" + idTokenAlgorithm);
    out.println("signup_salon\t" + signup.orElse("-"));
    appToken.ifPresent(token -> out.println("app_token\t" + token));
    if (runtime.config().http().publicUrl().isEmpty()) {
      tell("http.publicUrl (LANYARD_PUBLIC_URL) is not set: the OpenID Connect "
        + "provider is off until it is");
    }
    if (registered.confidential() && secret.isEmpty()) {
      tell("the client secret is unchanged (--rotate-secret for a new one)");
    }
    return 0;
  }

  /** A client made public before and confidential now gets a secret. */
  private static boolean wasPublic(OidcClientRepository clients, CliRuntime runtime, String applicationId) {
    return Await.result(clients.findByApplication(runtime.pool(), applicationId)).map(OidcClient::isPublic).orElse(false);
  }

  private void check(String option, List<String> uris) {
    for (String uri : uris) {
      RedirectUris.problem(uri).ifPresent(problem -> {
        throw refused(option + " " + uri + ": " + problem);
      });
    }
  }
}
