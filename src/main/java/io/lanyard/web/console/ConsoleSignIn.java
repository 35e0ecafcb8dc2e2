package io.lanyard.web.console;

import io.lanyard.helpdesk.staff.ConsoleSessions;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.signin.oidc.ConsoleClient;
import io.lanyard.signin.oidc.OAuthRequest;
import io.lanyard.signin.oidc.OidcProvider;
import io.vertx.core.Future;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The console signs staff in as any client of the provider would: an authorization request with PKCE (S256) and a state, the
 * hosted login page (so the login's lockout, per-source rates, share of hashing and CAPTCHA apply as they are), then the code
 * exchanged at the token endpoint. The exchange runs inside the service, through the provider's own token endpoint operation:
 * the ID token it returns never crossed a network, so its claims are read as issued.
 */
public record ConsoleSignIn(OidcProvider provider, ConsoleSessions sessions, ConsolePaths paths) {

  /** The browser's proof of its own sign-in: state, then the PKCE verifier, each 43 base64url characters. */
  private static final String STATE_SHAPE = "[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43}";



  /** Where a sign-in starts: the authorization request, and what the browser keeps to finish it. */
  public record Start(String authorizationUrl, String stateCookie) {
  }

  /** A sign-in finished: a console session for staff, or nothing (not staff, a stale or forged callback). */
  public sealed interface Finished {
  }

  public record Opened(String sessionCookie) implements Finished {
  }

  public record NotStaff() implements Finished {
  }

  public record Failed() implements Finished {
  }

  /** @param language the console's language, which the login page then speaks ({@code ui_locales}) */
  public Start start(String language) {
    String state = SecretTokens.generate();
    String verifier = SecretTokens.generate();
    Map<String, String> query = Map.of("response_type", "code", "client_id", ConsoleClient.CLIENT_ID,
      "redirect_uri", paths.callbackUri(), "scope", "openid email", "state", state, "code_challenge", challenge(verifier),
      "code_challenge_method", "S256", "ui_locales", language.startsWith("fre") ? "fr" : "en");
    return new Start(paths.issuer() + "/oidc/authorize?" + form(query), state + "." + verifier);
  }

  /**
   * The callback: the state must be the one this browser kept (compared in constant time), the code must exchange, and the
   * account must be staff.
   */
  public Future<Finished> finish(String code, String state, Optional<String> stateCookie, RequestOrigin origin) {
    if (stateCookie.isEmpty() || !stateCookie.get().matches(STATE_SHAPE) || code.isEmpty()) {
      return Future.succeededFuture(new Failed());
    }
    String[] kept = stateCookie.get().split("\\.");
    if (!MessageDigest.isEqual(kept[0].getBytes(StandardCharsets.US_ASCII), state.getBytes(StandardCharsets.US_ASCII))) {
      return Future.succeededFuture(new Failed());
    }
    String body = form(Map.of("grant_type", "authorization_code", "code", code, "redirect_uri", paths.callbackUri(),
      "code_verifier", kept[1], "client_id", ConsoleClient.CLIENT_ID));
    OAuthRequest exchange = new OAuthRequest("POST", URI.create(paths.issuer() + "/oidc/token"),
      Map.of("Content-Type", "application/x-www-form-urlencoded"), body);
    return provider.token().handle(exchange, origin).compose(reply -> {
      Optional<JsonObject> claims = reply.status() == 200 ? idTokenClaims(reply.body()) : Optional.empty();
      if (claims.isEmpty() || claims.get().getString("sub") == null || claims.get().getString("sid") == null) {
        return Future.succeededFuture(new Failed());
      }
      return sessions.open(claims.get().getString("sub"), claims.get().getString("sid"), origin)
        .map(opened -> opened.<Finished>map(Opened::new).orElseGet(NotStaff::new));
    });
  }

  private static Optional<JsonObject> idTokenClaims(String tokenReply) {
    try {
      String idToken = new JsonObject(tokenReply).getString("id_token");
      String[] parts = idToken == null ? new String[0] : idToken.split("\\.");
      if (parts.length != 3) {
        return Optional.empty();
      }
      return Optional.of(new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)));
    } catch (DecodeException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static String challenge(String verifier) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(SecretTokens.sha256(verifier));
  }

  private static String form(Map<String, String> fields) {
    return fields.entrySet().stream()
      .map(field -> field.getKey() + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.US_ASCII))
      .collect(Collectors.joining("&"));
  }
}
