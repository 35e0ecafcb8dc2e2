package io.lanyard.loadtest;

import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.jmesPath;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The public endpoints a load test drives, named as they appear in the report. A request passes only when the service
 * answers what a real client waits for: HTTP 200 and, on plugin routes, {@code result.statusCode} 0.
 */
final class Requests {

  static final String SALON = "loadtest";
  static final String SESSION = "loadtest-opening";

  private final String plugin;
  private final String password;

  Requests(String plugin, String password) {
    this.plugin = "/_plugin/" + plugin;
    this.password = password;
  }

  /** Every request to {@code baseUrl}; the warm-up asks the service itself, never a host of Gatling's. */
  static HttpProtocolBuilder protocol(String baseUrl) {
    return http.baseUrl(baseUrl)
      .warmUp(baseUrl + "/_healthCheck?probe=liveness")
      .acceptHeader("application/json")
      .contentTypeHeader("application/json")
      .userAgentHeader("lanyard-loadtest");
  }

  /** Logs {@code #{email}} in with the seeded password; keeps the token as {@code #{jwt}}. */
  HttpRequestActionBuilder login() {
    return http("login").post("/_login/local?expiresIn=1h")
      .body(StringBody(session -> Json.object(Map.of("username", session.getString("email"), "password", password))))
      .check(status().is(200), jmesPath("result.jwt").saveAs("jwt"));
  }

  HttpRequestActionBuilder userTypes() {
    return plugin(http("types").get(plugin + "/user/getAllUserTypes").header("Authorization", "Bearer #{jwt}"));
  }

  /** The caller's own profile, with new values each time ({@code #{email}}, {@code #{jwt}}). */
  HttpRequestActionBuilder updateProfile(String appToken) {
    return plugin(http("update").post(plugin + "/thirdParty/updateUser").header("Authorization", "Bearer #{jwt}")
      .body(StringBody(session -> Json.object(Map.of("email", session.getString("email"), "appToken", appToken,
        "data", Map.of("firstname", Unique.firstname(), "city", Unique.city()))))));
  }

  /** A new pending account for {@code #{newEmail}}: the link mail is rendered and kept, never sent (a synthetic address). */
  HttpRequestActionBuilder createByLink(String appToken) {
    return plugin(http("create").post(plugin + "/user/create")
      .body(StringBody(session -> Json.object(Map.of("email", session.getString("newEmail"), "fromSalon", SALON,
        "fromSessionSalon", SESSION, "language", "eng-GB", "fromThirdParty", appToken)))));
  }

  /** Activates a seeded pending account with its link token {@code #{token}}; its password becomes the seeded one. */
  HttpRequestActionBuilder activate() {
    return plugin(http("activate").post(plugin + "/user/activate")
      .body(StringBody(session -> Json.object(Map.of("token", session.getString("token"), "password", password)))));
  }

  HttpRequestActionBuilder logout() {
    return http("logout").post("/_logout").header("Authorization", "Bearer #{jwt}").check(status().is(200));
  }

  private static HttpRequestActionBuilder plugin(HttpRequestActionBuilder request) {
    return request.check(status().is(200), jmesPath("result.statusCode").ofInt().is(0));
  }
}
