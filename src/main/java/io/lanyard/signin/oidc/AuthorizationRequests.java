package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.openid.connect.sdk.AuthenticationErrorResponse;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import io.lanyard.model.applications.OidcClient;
import io.vertx.core.Future;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks an authorization request (OpenID Connect Core §3.1.2.2, RFC 9700 §2.1.1). The client and its redirect URI come
 * first: an unknown client or a redirect URI not registered exactly earns an error page and never a redirect, since nothing
 * proves the URI belongs to anyone. Every later problem goes back to the client's redirect URI with {@code error},
 * {@code state} and {@code iss} (RFC 9207): a parameter given twice, a {@code request} or {@code request_uri}, a response type
 * other than {@code code}, a response mode other than {@code query}, no {@code openid} scope, no PKCE challenge or one not
 * S256, a malformed {@code prompt} or {@code max_age}.
 */
public final class AuthorizationRequests {

  /** The outcome: exactly one of its parts is present. */
  public record Checked(Optional<Authorization> valid, Optional<String> errorPage, Optional<URI> errorRedirect) {

    static Checked valid(Authorization authorization) {
      return new Checked(Optional.of(authorization), Optional.empty(), Optional.empty());
    }

    static Checked page(String reason) {
      return new Checked(Optional.empty(), Optional.of(reason), Optional.empty());
    }

    static Checked redirect(URI location) {
      return new Checked(Optional.empty(), Optional.empty(), Optional.of(location));
    }
  }

  /** Why no redirect was possible: what the error page says. */
  public static final String UNKNOWN_CLIENT = "unknown_client";
  public static final String BAD_REDIRECT_URI = "bad_redirect_uri";

  private final OidcClients clients;
  private final Issuer issuer;

  AuthorizationRequests(OidcClients clients, Issuer issuer) {
    this.clients = clients;
    this.issuer = issuer;
  }

  public Future<Checked> check(Map<String, List<String>> parameters) {
    Optional<String> clientId = single(parameters, "client_id");
    if (clientId.isEmpty()) {
      return Future.succeededFuture(Checked.page(UNKNOWN_CLIENT));
    }
    return clients.find(clientId.get()).map(client -> check(client, parameters));
  }

  private Checked check(Optional<OidcClient> client, Map<String, List<String>> parameters) {
    if (client.isEmpty()) {
      return Checked.page(UNKNOWN_CLIENT);
    }
    Optional<String> redirect = single(parameters, "redirect_uri").filter(client.get()::hasRedirectUri);
    if (redirect.isEmpty()) {
      return Checked.page(BAD_REDIRECT_URI);
    }
    URI redirectUri = URI.create(redirect.get());
    State state = single(parameters, "state").map(State::new).orElse(null);
    Optional<ErrorObject> refusal = refusal(parameters);
    if (refusal.isPresent()) {
      return Checked.redirect(errorRedirect(redirectUri, refusal.get(), state));
    }
    AuthenticationRequest request;
    try {
      request = AuthenticationRequest.parse(parameters);
    } catch (ParseException e) {
      ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
      return Checked.redirect(errorRedirect(redirectUri, error.setDescription(e.getMessage()), state));
    }
    if (request.getCodeChallenge() == null) {
      return Checked.redirect(errorRedirect(redirectUri, OAuth2Error.INVALID_REQUEST.setDescription(
        "PKCE is required: send code_challenge and code_challenge_method=S256"), state));
    }
    if (!CodeChallengeMethod.S256.equals(request.getCodeChallengeMethod())) {
      return Checked.redirect(errorRedirect(redirectUri, OAuth2Error.INVALID_REQUEST.setDescription(
        "code_challenge_method must be S256"), state));
    }
    if (request.getPrompt() != null && !request.getPrompt().isValid()) {
      return Checked.redirect(errorRedirect(redirectUri, OAuth2Error.INVALID_REQUEST.setDescription(
        "prompt=none cannot be combined with another value"), state));
    }
    return Checked.valid(new Authorization(client.get(), request, redirectUri, Scopes.known(single(parameters, "scope")
      .orElse("")), parameters));
  }

  /** The refusals decided on the raw parameters, before the library reads them. */
  private static Optional<ErrorObject> refusal(Map<String, List<String>> parameters) {
    for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
      if (parameter.getValue().size() > 1) {
        return Optional.of(OAuth2Error.INVALID_REQUEST.setDescription("parameter " + parameter.getKey() + " given twice"));
      }
    }
    if (parameters.containsKey("request")) {
      return Optional.of(OAuth2Error.REQUEST_NOT_SUPPORTED);
    }
    if (parameters.containsKey("request_uri")) {
      return Optional.of(OAuth2Error.REQUEST_URI_NOT_SUPPORTED);
    }
    Optional<String> responseType = single(parameters, "response_type");
    if (responseType.isEmpty()) {
      return Optional.of(OAuth2Error.INVALID_REQUEST.setDescription("response_type is missing"));
    }
    if (!responseType.get().equals("code")) {
      return Optional.of(OAuth2Error.UNSUPPORTED_RESPONSE_TYPE);
    }
    Optional<String> mode = single(parameters, "response_mode");
    if (mode.isPresent() && !mode.get().equals("query")) {
      return Optional.of(OAuth2Error.INVALID_REQUEST.setDescription("response_mode must be query"));
    }
    if (!Scopes.known(single(parameters, "scope").orElse("")).contains(Scopes.OPENID)) {
      return Optional.of(OAuth2Error.INVALID_SCOPE.setDescription("scope must contain openid"));
    }
    return Optional.empty();
  }

  /** Where an error goes once the redirect URI is known to be the client's: with its state and our issuer. */
  URI errorRedirect(URI redirectUri, ErrorObject error, State state) {
    return new AuthenticationErrorResponse(redirectUri, error, state, issuer, ResponseMode.QUERY).toURI();
  }

  private static Optional<String> single(Map<String, List<String>> parameters, String name) {
    List<String> values = parameters.get(name);
    return values == null || values.isEmpty() ? Optional.empty() : Optional.ofNullable(values.get(0));
  }
}
