package io.lanyard.web.pages;

import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.signin.oidc.OidcProvider;

import java.time.Duration;

/**
 * The single sign-on session's cookie (docs/decisions.md §13): HttpOnly, {@code SameSite=Lax} (it must come along when a
 * client's site sends the browser to the authorization endpoint), {@code Secure} when the service is reached over https,
 * host-only (no {@code Domain}), on every path of the service (the authorization and logout endpoints are not under
 * {@code /account/}). A session cookie for the browser: the session's lifetime is kept by the server.
 *
 * @param path the service's path as browsers see it, ending with a slash
 */
public record SessionCookies(String path, boolean secure) {

  String set(String token) {
    return OidcProvider.SESSION_COOKIE + "=" + token + attributes();
  }

  /**
   * The device marker's cookie (docs/security.md#device-markers): HttpOnly, {@code SameSite=Strict} (only our own login form
   * needs it), {@code Secure} on https, kept as long as the marker is good.
   */
  String device(String marker, Duration lifetime) {
    return DeviceMarkers.COOKIE + "=" + marker + "; Max-Age=" + lifetime.toSeconds() + "; Path=" + path
      + "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
  }

  String clear() {
    return OidcProvider.SESSION_COOKIE + "=; Max-Age=0" + attributes();
  }

  private String attributes() {
    return "; Path=" + path + "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
  }
}
