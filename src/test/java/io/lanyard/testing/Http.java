package io.lanyard.testing;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;

import static io.lanyard.testing.Await.await;

/**
 * A blocking HTTP client for tests: sends a request to the service and hands back status, headers and parsed envelope. Every
 * reply is checked against the OpenAPI document on the way ({@link OpenApiContract}), so no test can receive a reply the
 * document does not describe.
 */
public final class Http {

  /** A reply as received. {@code body} is null when the reply was not JSON. */
  public record Response(int status, MultiMap headers, String text, JsonObject body) {

    public JsonObject result() {
      return body.getJsonObject("result");
    }

    public JsonObject error() {
      return body.getJsonObject("error");
    }

    public int statusCode() {
      return result().getInteger("statusCode");
    }

    public String pretty() {
      return body == null ? text : body.encodePrettily();
    }
  }

  private final WebClient client;

  Http(Vertx vertx, int port) {
    this.client = WebClient.create(vertx, new WebClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(port));
  }

  /** @param connections how many requests may be in flight at once (Vert.x's default is 5; the rest wait in the client) */
  Http(Vertx vertx, int port, int connections) {
    this.client = WebClient.create(vertx, new WebClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(port),
      new PoolOptions().setHttp1MaxSize(connections));
  }

  /** @param localAddress the address this client's sockets are bound to (127.0.0.0/8 gives a test many sources) */
  Http(Vertx vertx, int port, String localAddress) {
    this.client = WebClient.create(vertx, new WebClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(port)
      .setLocalAddress(localAddress));
  }

  public Response post(String path, JsonObject body) {
    return send(HttpMethod.POST, path, body.toBuffer(), MultiMap.caseInsensitiveMultiMap());
  }

  public Response post(String path, JsonObject body, String jwt) {
    return send(HttpMethod.POST, path, body.toBuffer(), bearer(jwt));
  }

  public Response get(String path) {
    return send(HttpMethod.GET, path, null, MultiMap.caseInsensitiveMultiMap());
  }

  public Response get(String path, String jwt) {
    return send(HttpMethod.GET, path, null, bearer(jwt));
  }

  public Response send(HttpMethod method, String path, Buffer body, MultiMap headers) {
    return await(sendAsync(method, path, body, headers));
  }

  /** For tests that fire many requests at once. */
  public Future<Response> postAsync(String path, JsonObject body) {
    return sendAsync(HttpMethod.POST, path, body.toBuffer(), MultiMap.caseInsensitiveMultiMap());
  }

  public Future<Response> getAsync(String path, String jwt) {
    return sendAsync(HttpMethod.GET, path, null, bearer(jwt));
  }

  public Future<Response> postAsync(String path, JsonObject body, String jwt) {
    return sendAsync(HttpMethod.POST, path, body.toBuffer(), bearer(jwt));
  }

  public Future<Response> sendAsync(HttpMethod method, String path, Buffer body, MultiMap headers) {
    HttpRequest<Buffer> request = client.request(method, path);
    // set, not added: a header the test gives (User-Agent) replaces the client's own
    headers.names().forEach(name -> request.headers().set(name, headers.getAll(name)));
    if (body != null && !headers.contains("Content-Type")) {
      // as every client of the API must: a body is declared as JSON (anything else is 415)
      request.putHeader("Content-Type", "application/json");
    }
    return (body == null ? request.send() : request.sendBuffer(body)).map(response -> {
      String text = response.bodyAsString();
      JsonObject json;
      try {
        json = text == null ? null : new JsonObject(text);
      } catch (RuntimeException notJson) {
        json = null;
      }
      OpenApiContract.get().check(method.name(), path, response.statusCode(), response.getHeader("Content-Type"),
        text == null ? "" : text);
      return new Response(response.statusCode(), response.headers(), text, json);
    });
  }

  public static MultiMap bearer(String jwt) {
    return MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer " + jwt);
  }
}
