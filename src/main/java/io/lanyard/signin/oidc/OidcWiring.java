package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.id.Issuer;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.applications.OidcClientRepository;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.db.ReadBatches;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.support.Pruning;
import io.lanyard.services.ServiceParts;
import io.lanyard.signin.tokens.Authenticator;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Map;

/**
 * Builds the OpenID Connect provider (docs/decisions.md §13) from what the service shares: the logins' pool for the sign-in
 * and token paths (the same class of work as {@code /_login/local} and {@code /_refreshToken}), the token service and sessions
 * of the API's tokens, the password check of the login route, the audit trail. The clients are a live copy of their table,
 * reloaded with the applications.
 *
 * @param provider what the HTTP layer mounts
 * @param clients the clients' live copy, which the service loads, reloads on the applications' NOTIFY, and stops
 * @param prunings codes, grants and sessions past use, deleted now and then
 * @param backchannelLogouts the sender of back-channel logouts, which the service deploys
 */
public record OidcWiring(OidcProvider provider, LiveCopy<Map<String, OidcClient>> clients, List<Pruning> prunings,
                         VerticleBase backchannelLogouts) {

  /**
   * @param keys the keys of ID tokens
   * @param formKey the deployment's key of the hosted pages' form tokens, which also seals the sign-in proofs
   */
  public static OidcWiring build(ServiceParts parts, TokenService tokens, Authenticator authenticator, IdTokenKeys keys,
                                 String formKey) {
    String issuer = parts.config().http().publicUrl().orElseThrow();
    LanyardConfig.Oidc settings = parts.config().oidc();
    Pool logins = parts.pools().logins();
    OidcClientRepository repository = new OidcClientRepository();
    LiveCopy<Map<String, OidcClient>> copy = new LiveCopy<>("OpenID Connect clients",
      () -> OidcClients.load(repository, parts.pools().background()));
    OidcClients clients = new OidcClients(copy, ConsoleClient.of(issuer));
    Issuer iss = new Issuer(issuer);
    AuthorizationRequests requests = new AuthorizationRequests(clients, iss);
    IdTokens idTokens = new IdTokens(issuer, keys, settings.accessTokenTtl().toMillis());
    SsoSessions sessions = new SsoSessions(logins, settings);
    Issuance issuance = new Issuance(logins, parts.sessions(), tokens, idTokens, settings);
    AccessTokens accessTokens = new AccessTokens(authenticator);
    SignupReturns signups = new SignupReturns(logins, sessions, settings.signupReturnTtl());
    OidcProvider provider = new OidcProvider(issuer, Discovery.metadata(issuer, keys.algorithms()),
      keys.publicKeys().toString(),
      requests,
      new Authorize(logins, requests, idTokens, iss, settings, parts.audit()),
      new SignIn(logins, parts.users(), parts.attempts(), sessions, parts.audit(), parts.markers()),
      sessions,
      new SignInProofs(formKey),
      new TokenEndpoint(logins, clients, issuance, settings, parts.audit()),
      new UserInfo(new ReadBatches<>(parts.pools().reads()::client, new ClaimsRepository()::findAll), accessTokens),
      new Revocation(logins, clients, accessTokens, issuance, parts.sessions()),
      new Introspection(clients, accessTokens, issuer),
      new EndSession(clients, idTokens, sessions, new Logouts(logins, issuance,
        () -> parts.vertx().eventBus().publish(BackchannelLogoutVerticle.NUDGE, null)), parts.audit()),
      new MyConsents(logins, authenticator, new Consents(parts.audit())), signups);
    Pool background = parts.pools().background();
    CodeRepository codes = new CodeRepository();
    GrantRepository grants = new GrantRepository();
    SsoSessionRepository sessionRows = new SsoSessionRepository();
    List<Pruning> prunings = List.of(
      new Pruning("expired authorization codes", () -> codes.deleteOld(background)),
      new Pruning("expired grants", () -> grants.deleteOld(background)),
      new Pruning("ended SSO sessions", () -> sessionRows.deleteOld(background)),
      new Pruning("sign-up returns past their links", () -> signups.deleteOld(background, parts.config().links().ttl())));
    return new OidcWiring(provider, copy, prunings, new BackchannelLogoutVerticle(background, issuer, keys,
      parts.config().webhooks()));
  }
}
