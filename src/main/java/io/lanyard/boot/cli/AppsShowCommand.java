package io.lanyard.boot.cli;

import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.applications.OidcClientRepository;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.Optional;

/** {@code apps show}: one application's settings, and its OpenID Connect client's, as {@code key<TAB>value} lines. */
@Command(name = "show", description = "Show an application's settings and, when it is an OpenID Connect client, the client's "
  + "(never a token or secret), as key<TAB>value lines.",
  footer = "  java -jar lanyard.jar apps show exhibitor-portal")
final class AppsShowCommand extends ApplicationCommand {

  @Override
  int run(CliRuntime runtime) {
    Optional<Application> found = application(runtime, name);
    if (found.isEmpty()) {
      return 1;
    }
    Application app = found.get();
    PrintWriter out = out();
    out.println("name\t" + app.name());
    out.println("id\t" + app.id());
    out.println("display_name\t" + app.label());
    out.println("state\t" + (app.isRevoked() ? "revoked" : app.enabled() ? "enabled" : "disabled"));
    out.println("can_create_users\t" + app.canCreateUsers());
    out.println("user_scope\t" + app.userScope().wireName());
    Optional<OidcClient> client = Await.result(new OidcClientRepository().findByApplication(runtime.pool(), app.id()));
    if (client.isEmpty()) {
      out.println("oidc_client\tno");
      return 0;
    }
    OidcClient oidc = client.get();
    out.println("client_id\t" + oidc.clientId());
    out.println("client_type\t" + (oidc.isPublic() ? "public" : "confidential"));
    out.println("token_endpoint_auth_method\t" + (oidc.isPublic() ? "none" : "client_secret_basic"));
    out.println("first_party\t" + oidc.firstParty());
    out.println("id_token_signed_response_alg\t" + oidc.idTokenAlgorithm());
    oidc.redirectUris().forEach(uri -> out.println("redirect_uri\t" + uri));
    oidc.postLogoutRedirectUris().forEach(uri -> out.println("post_logout_redirect_uri\t" + uri));
    oidc.backchannelLogoutUri().ifPresent(uri -> out.println("backchannel_logout_uri\t" + uri));
    out.println("signup_salon\t" + oidc.signupSalon().orElse("-"));
    return 0;
  }
}
