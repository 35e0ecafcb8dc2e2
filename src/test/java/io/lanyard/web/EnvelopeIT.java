package io.lanyard.web;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/decisions.md §1 on every route: the envelope, request ids, framework failures, CORS. */
class EnvelopeIT extends SharedServiceFixture {

  private static final List<String> ENVELOPE_KEYS =
    List.of("requestId", "status", "error", "controller", "action", "collection", "index", "volatile", "result");
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";


  @Test
  void successReplyHasTheNineKeysInOrder() {
    Accounts.createActive(app, "ann@example.com");

    Http.Response response = http.post("/_login/local", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD));

    assertThat(response.status()).isEqualTo(200);
    assertThat(List.copyOf(response.body().fieldNames())).withFailMessage(response.pretty()).isEqualTo(ENVELOPE_KEYS);
    assertThat(response.body().getInteger("status")).isEqualTo(200);
    assertThat(response.body().getValue("error")).isNull();
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("login");
    assertThat(response.body().getValue("collection")).isNull();
    assertThat(response.body().getValue("index")).isNull();
    assertThat(response.body().getValue("volatile")).isNull();
    assertThat(response.headers().get("Content-Type")).isEqualTo("application/json; charset=utf-8");
  }

  @Test
  void errorReplyHasTheNineKeysAndAKuzzleErrorObject() {
    Http.Response response = http.post("/_login/local", new JsonObject().put("username", "nobody@example.com")
      .put("password", "whatever-it-is"));

    assertThat(response.status()).isEqualTo(401);
    assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
    assertThat(response.body().getInteger("status")).isEqualTo(401);
    assertThat(response.body().getValue("result")).isNull();
    assertThat(response.error().fieldNames()).containsExactly("message", "status", "stack", "id");
    assertThat(response.error().getString("message")).isEqualTo("wrong username or password");
    assertThat(response.error().getInteger("status")).isEqualTo(401);
    assertThat(response.error().getString("stack")).isEqualTo("UnauthorizedError: wrong username or password");
  }

  @Test
  void echoesASafeRequestIdInBodyAndHeader() {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Kuzzle-Request-Id", "fair-2026:req.42_a-b");

    Http.Response response = http.send(HttpMethod.GET, "/nowhere", null, headers);

    assertThat(response.body().getString("requestId")).isEqualTo("fair-2026:req.42_a-b");
    assertThat(response.headers().get("X-Kuzzle-Request-Id")).isEqualTo("fair-2026:req.42_a-b");
  }

  @Test
  void replacesAnUnsafeRequestIdWithAUuid() {
    for (String unsafe : List.of("has space", "x".repeat(65), "semi;colon", "")) {
      MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Kuzzle-Request-Id", unsafe);

      Http.Response response = http.send(HttpMethod.GET, "/nowhere", null, headers);

      String requestId = response.body().getString("requestId");
      assertThat(requestId).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
      assertThat(response.headers().get("X-Kuzzle-Request-Id")).isEqualTo(requestId);
    }
  }

  @Test
  void unknownRouteIs404WithNoControllerOrAction() {
    Http.Response response = http.get("/_plugin/Vendor/user/nothingHere?x=1");

    assertThat(response.status()).isEqualTo(404);
    assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
    assertThat(response.body().getValue("controller")).isNull();
    assertThat(response.body().getValue("action")).isNull();
    assertThat(response.error().getString("message")).isEqualTo("API URL not found: /_plugin/Vendor/user/nothingHere.");
    assertThat(response.error().getString("id")).isEqualTo("api.url_not_found");
    assertThat(response.error().getString("stack")).isEqualTo("NotFoundError: API URL not found: /_plugin/Vendor/user/nothingHere.");
  }

  @Test
  void knownPathWithAnotherMethodIs405NamingTheMethodsItIsServedWith() {
    Http.Response response = http.get("/_login/local");

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(405);
    assertThat(response.headers().get("Allow")).isEqualTo("OPTIONS, POST");
    assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
    assertThat(response.body().getInteger("status")).isEqualTo(405);
    assertThat(response.body().getValue("controller")).isNull();
    assertThat(response.error().getString("id")).isEqualTo("api.method_not_allowed");
    assertThat(response.error().getString("message")).isEqualTo("Method GET not allowed on /_login/local.");
    assertThat(response.error().getString("stack")).isEqualTo("MethodNotAllowedError: Method GET not allowed on /_login/local.");
  }

  @Test
  void pathServedWithSeveralMethodsNamesThemAll() {
    Http.Response response = http.send(HttpMethod.DELETE, USER_TYPES + "/", null, MultiMap.caseInsensitiveMultiMap());

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(405);
    assertThat(response.headers().get("Allow")).isEqualTo("GET, OPTIONS, POST");
  }

  @Test
  void unknownPathWithAnyMethodStays404WithoutAllow() {
    Http.Response response = http.send(HttpMethod.DELETE, "/_login", null, MultiMap.caseInsensitiveMultiMap());

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(404);
    assertThat(response.headers().get("Allow")).isNull();
    assertThat(response.error().getString("id")).isEqualTo("api.url_not_found");
  }

  @Test
  void trailingSlashIsIgnored() {
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");

    Http.Response response = http.get(USER_TYPES + "/", jwt);

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("action")).isEqualTo("getAllUserTypes");
  }

  @Test
  void bodyThatIsNotJsonIs400() {
    for (String body : List.of("{not json", "username=a&password=b", "{\"a\":1} trailing")) {
      Http.Response response = http.send(HttpMethod.POST, "/_login/local", Buffer.buffer(body), MultiMap.caseInsensitiveMultiMap());

      assertThat(response.status()).withFailMessage(body).isEqualTo(400);
      assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
      assertThat(response.body().getString("controller")).isEqualTo("auth");
      assertThat(response.error().getString("message")).isEqualTo("Unable to convert the HTTP body to JSON");
      assertThat(response.error().getString("stack")).isEqualTo("BadRequestError: Unable to convert the HTTP body to JSON");
    }
  }

  @Test
  void jsonThatIsNotAnObjectIs400() {
    for (String body : List.of("[1,2]", "\"text\"", "42", "null", "true")) {
      Http.Response response = http.send(HttpMethod.POST, "/_login/local", Buffer.buffer(body), MultiMap.caseInsensitiveMultiMap());

      assertThat(response.status()).withFailMessage(body).isEqualTo(400);
      assertThat(response.error().getString("message")).isEqualTo("Unable to convert the HTTP body to JSON");
    }
  }

  @Test
  void nestingDeeperThan32Is400AndUpTo32IsAccepted() {
    Http.Response deep = http.send(HttpMethod.POST, "/_login/local", Buffer.buffer(nested(33)), MultiMap.caseInsensitiveMultiMap());
    Http.Response allowed = http.send(HttpMethod.POST, "/_login/local", Buffer.buffer(nested(32)), MultiMap.caseInsensitiveMultiMap());

    assertThat(deep.status()).isEqualTo(400);
    assertThat(deep.error().getString("id")).isEqualTo("api.assert.body_too_deep");
    assertThat(allowed.status()).withFailMessage(allowed.pretty()).isEqualTo(401);
    assertThat(allowed.error().getString("message")).isEqualTo("Missing credentials");
  }

  @Test
  void bodyOverTheLimitIs413() {
    String big = "{\"username\":\"" + "a".repeat(1024 * 1024) + "\"}";

    Http.Response response = http.send(HttpMethod.POST, "/_login/local", Buffer.buffer(big), MultiMap.caseInsensitiveMultiMap());

    assertThat(response.status()).isEqualTo(413);
    assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
    assertThat(response.body().getInteger("status")).isEqualTo(413);
    assertThat(response.error().getString("id")).isEqualTo("network.http.request_too_large");
  }

  @Test
  void optionsOnAnyPathIs200WithEmptyResult() {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Origin", "https://fair.example")
      .add("Access-Control-Request-Method", "POST");

    for (String path : List.of("/_login/local", USER_TYPES, "/anything/at/all")) {
      Http.Response response = http.send(HttpMethod.OPTIONS, path, null, headers);

      assertThat(response.status()).isEqualTo(200);
      assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
      assertThat(response.result()).isEqualTo(new JsonObject());
      assertThat(response.headers().get("Access-Control-Allow-Origin")).isEqualTo("https://fair.example");
      assertThat(response.headers().get("Access-Control-Allow-Headers")).contains("Authorization", "Content-Type",
        "X-Kuzzle-Volatile", "X-Kuzzle-Request-Id", "Idempotency-Key", "X-Lanyard-Device");
      assertThat(response.headers().get("Access-Control-Allow-Methods")).contains("GET", "POST");
      assertThat(response.headers().get("Vary")).isEqualTo("Origin");
    }
  }

  @Test
  void corsEchoesOriginOnOrdinaryReplies() {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Origin", "https://badges.example");

    Http.Response response = http.send(HttpMethod.GET, "/nowhere", null, headers);

    assertThat(response.headers().get("Access-Control-Allow-Origin")).isEqualTo("https://badges.example");
    assertThat(response.headers().get("Access-Control-Expose-Headers")).contains("X-Kuzzle-Request-Id", "Retry-After");
  }

  @Test
  void corsRefusesOriginsOutsideTheAllowedList() {
    try (TestApp restricted = TestApp.start(Map.of("LANYARD_HTTP_ALLOWED_ORIGINS", "https://fair.example, https://expo.example"))) {
      Http.Response allowed = restricted.http().send(HttpMethod.OPTIONS, "/_login/local", null,
        MultiMap.caseInsensitiveMultiMap().add("Origin", "https://expo.example"));
      Http.Response refused = restricted.http().send(HttpMethod.OPTIONS, "/_login/local", null,
        MultiMap.caseInsensitiveMultiMap().add("Origin", "https://evil.example"));

      assertThat(allowed.headers().get("Access-Control-Allow-Origin")).isEqualTo("https://expo.example");
      assertThat(refused.headers().get("Access-Control-Allow-Origin")).isNull();
      assertThat(refused.headers().get("Vary")).isEqualTo("Origin");
    }
  }

  @Test
  void unknownQueryParametersAndHeadersAreIgnored() {
    Accounts.createActive(app, "ann@example.com");
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Kuzzle-Volatile", "{\"sdk\":\"7\"}");
    Buffer body = new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD).toBuffer();

    Http.Response response = http.send(HttpMethod.POST, "/_login/local?verb=POST&refresh=wait_for&expiresIn=2h", body, headers);

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.result().getLong("ttl")).isEqualTo(7_200_000L);
  }

  @Test
  void internalFailureIs500WithNothingLeaked() {
    TestDb.get().query("ALTER TABLE users RENAME TO users_away");
    try {
      Http.Response response = http.post("/_login/local", new JsonObject().put("username", "ann@example.com")
        .put("password", Accounts.PASSWORD));

      assertThat(response.status()).isEqualTo(500);
      assertThat(List.copyOf(response.body().fieldNames())).isEqualTo(ENVELOPE_KEYS);
      assertThat(response.error().getString("message")).isEqualTo("Internal error");
      assertThat(response.error().getString("stack")).isEqualTo("InternalError: Internal error");
      assertThat(response.text()).doesNotContain("users", "relation", "Exception", "SQL", "127.0.0.1");
    } finally {
      TestDb.get().query("ALTER TABLE users_away RENAME TO users");
    }
  }

  @Test
  void requestsTheHttpDecoderRefusesStillGetTheEnvelope() throws Exception {
    JsonObject longUrl = rawExchange("GET /" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414);
    JsonObject bigHeader = rawExchange("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(10_000) + "\r\n\r\n", 431);
    JsonObject garbage = rawExchange("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n", 400);

    for (JsonObject body : List.of(longUrl, bigHeader, garbage)) {
      assertThat(List.copyOf(body.fieldNames())).isEqualTo(ENVELOPE_KEYS);
      assertThat(body.getJsonObject("error").getString("stack")).startsWith("BadRequestError: ");
    }
  }

  /** Sends raw bytes (what no well-behaved client would send) and reads the reply: status line checked, body parsed. */
  private JsonObject rawExchange(String request, int expectedStatus) throws Exception {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", app.port())) {
      socket.setSoTimeout(5000);
      socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String reply = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(reply).matches("(?s)HTTP/1\\.1 " + expectedStatus + " .*");
      return new JsonObject(reply.substring(reply.indexOf("\r\n\r\n") + 4));
    }
  }

  private static String nested(int depth) {
    return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
  }
}
