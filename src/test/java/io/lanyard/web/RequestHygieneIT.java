package io.lanyard.web;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every request and reply must be: bodies declared as JSON (415 otherwise, which also keeps cross-site form posts off
 * login), a readable message for a number too long to parse, {@code nosniff} and {@code no-store} on every reply, and CORS
 * that never grants credentials to any origin ({@code *}) or to {@code Origin: null}.
 */
class RequestHygieneIT extends SharedServiceFixture {

  private static final String LOGIN = "/_login/local";

  @Test
  void aBodyNotDeclaredAsJsonIs415() {
    Accounts.createActive(app, "ann@example.com");
    Buffer json = new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD).toBuffer();
    Buffer form = Buffer.buffer("username=ann%40example.com&password=correct+horse+battery");

    for (Object[] attempt : List.of(new Object[] {"text/plain", json}, new Object[] {"application/x-www-form-urlencoded", form},
      new Object[] {"multipart/form-data; boundary=x", json}, new Object[] {"application/jsonx", json})) {
      Http.Response response = http.send(HttpMethod.POST, LOGIN, (Buffer) attempt[1],
        MultiMap.caseInsensitiveMultiMap().add("Content-Type", (String) attempt[0]));

      assertThat(response.status()).withFailMessage(attempt[0] + ": " + response.pretty()).isEqualTo(415);
      assertThat(response.error().getString("id")).isEqualTo("network.http.unsupported_media_type");
      assertThat(response.error().getString("message")).isEqualTo("A request body must be sent as application/json");
    }
    Http.Response withCharset = http.send(HttpMethod.POST, LOGIN, json,
      MultiMap.caseInsensitiveMultiMap().add("Content-Type", "Application/JSON; charset=UTF-8"));
    assertThat(withCharset.status()).withFailMessage(withCharset.pretty()).isEqualTo(200);
  }

  @Test
  void aNumberTooLongToParseGetsItsOwnMessage() {
    Buffer body = Buffer.buffer("{\"username\":\"a@b.co\",\"password\":\"x\",\"expiresIn\":" + "9".repeat(5_000) + "}");

    Http.Response response = http.send(HttpMethod.POST, LOGIN, body, MultiMap.caseInsensitiveMultiMap());

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.error().getString("id")).isEqualTo("api.assert.body_value_too_long");
    assertThat(response.error().getString("message")).isEqualTo("The HTTP body holds a number or string too long to read");
  }

  @Test
  void everyReplyForbidsSniffingAndCaching() {
    Accounts.createActive(app, "ann@example.com");
    List<Http.Response> replies = List.of(
      http.post(LOGIN, new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD)),
      http.post(LOGIN, new JsonObject().put("username", "ann@example.com").put("password", "wrong")),
      http.get("/nowhere"), http.get("/_openapi"), http.get("/metrics"),
      http.send(HttpMethod.OPTIONS, LOGIN, null, MultiMap.caseInsensitiveMultiMap()));

    for (Http.Response reply : replies) {
      assertThat(reply.headers().get("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(reply.headers().get("Cache-Control")).isEqualTo("no-store");
    }
  }

  @Test
  void anyOriginIsEchoedWithoutCredentials() {
    Http.Response response = http.send(HttpMethod.OPTIONS, LOGIN, null,
      MultiMap.caseInsensitiveMultiMap().add("Origin", "https://evil.example"));

    assertThat(response.headers().get("Access-Control-Allow-Origin")).isEqualTo("https://evil.example");
    assertThat(response.headers().get("Access-Control-Allow-Credentials")).isNull();
  }

  @Test
  void nullOriginIsNeverAllowed() {
    Http.Response response = http.send(HttpMethod.OPTIONS, LOGIN, null, MultiMap.caseInsensitiveMultiMap().add("Origin", "null"));

    assertThat(response.headers().get("Access-Control-Allow-Origin")).isNull();
    assertThat(response.headers().get("Access-Control-Allow-Credentials")).isNull();
  }

  @Test
  void namedOriginsAloneGetCredentials() {
    try (TestApp named = TestApp.start(Map.of("LANYARD_HTTP_ALLOWED_ORIGINS", "https://fair.example"))) {
      Http.Response allowed = named.http().send(HttpMethod.OPTIONS, LOGIN, null,
        MultiMap.caseInsensitiveMultiMap().add("Origin", "https://fair.example"));
      Http.Response nullOrigin = named.http().send(HttpMethod.OPTIONS, LOGIN, null,
        MultiMap.caseInsensitiveMultiMap().add("Origin", "null"));

      assertThat(allowed.headers().get("Access-Control-Allow-Origin")).isEqualTo("https://fair.example");
      assertThat(allowed.headers().get("Access-Control-Allow-Credentials")).isEqualTo("true");
      assertThat(nullOrigin.headers().get("Access-Control-Allow-Origin")).isNull();
    }
  }
}
