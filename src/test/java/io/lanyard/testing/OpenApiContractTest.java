package io.lanyard.testing;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract itself: it accepts what the document describes and refuses what it does not, so a drift cannot pass unseen. */
class OpenApiContractTest {

  private static final String JSON = "application/json; charset=utf-8";
  private static final String REQUEST_ID = "0b6c8f2e-3d1a-4c5b-9e7f-1a2b3c4d5e6f";

  private final OpenApiContract contract = OpenApiContract.get();

  @Test
  void acceptsADocumentedReply() {
    String body = envelope(200, null, "auth", "login", new JsonObject().put("_id", "u1").put("jwt", "aaa.bbb.ccc")
      .put("expiresAt", 1795427674003L).put("ttl", 3600000));

    assertThatCode(() -> contract.check("POST", "/_login/local?expiresIn=1h", 200, JSON, body)).doesNotThrowAnyException();
  }

  @Test
  void refusesAReplyMissingADocumentedField() {
    String body = envelope(200, null, "auth", "login", new JsonObject().put("_id", "u1").put("jwt", "aaa.bbb.ccc"));

    assertThatThrownBy(() -> contract.check("POST", "/_login/local", 200, JSON, body))
      .isInstanceOf(AssertionError.class).hasMessageContaining("expiresAt");
  }

  @Test
  void refusesAReplyWithAnUndocumentedField() {
    String body = envelope(200, null, "auth", "login", new JsonObject().put("_id", "u1").put("jwt", "aaa.bbb.ccc")
      .put("expiresAt", 1L).put("ttl", 1).put("password", "oops"));

    assertThatThrownBy(() -> contract.check("POST", "/_login/local", 200, JSON, body)).hasMessageContaining("password");
  }

  @Test
  void refusesAnUndocumentedStatus() {
    String body = envelope(418, error(418, "Teapot", "short and stout", "api.teapot"), "auth", "login", null);

    assertThatThrownBy(() -> contract.check("POST", "/_login/local", 418, JSON, body)).hasMessageContaining("no reply");
  }

  @Test
  void refusesAnUndocumentedRouteThatAnswers() {
    String body = envelope(200, null, "Vendor/userController", "secret", new JsonObject());

    assertThatThrownBy(() -> contract.check("GET", "/_plugin/Vendor/user/secret", 200, JSON, body))
      .hasMessageContaining("no reply");
  }

  @Test
  void refusesAnUndocumentedMethodOnADocumentedPath() {
    String body = envelope(200, null, "auth", "login", new JsonObject());

    assertThatThrownBy(() -> contract.check("DELETE", "/_login/local", 200, JSON, body)).hasMessageContaining("no reply");
  }

  @Test
  void acceptsNotFoundOnAnUnknownPathButNotOnAServedRoute() {
    String body = envelope(404, error(404, "NotFound", "API URL not found: /nowhere.", "api.url_not_found"), null, null, null);

    assertThatCode(() -> contract.check("GET", "/nowhere", 404, JSON, body)).doesNotThrowAnyException();
    assertThatThrownBy(() -> contract.check("POST", "/_login/local", 404, JSON, body)).hasMessageContaining("no reply");
  }

  @Test
  void refusesABusinessCodeTheOperationDoesNotList() {
    String body = envelope(200, null, "Vendor/AuthController", "createUser",
      new JsonObject().put("statusCode", 228).put("message", "generic_error"));

    assertThatThrownBy(() -> contract.check("POST", "/_plugin/Vendor/user/create", 200, JSON, body))
      .hasMessageContaining("statusCode");
  }

  @Test
  void refusesAMessageThatDoesNotGoWithTheCode() {
    String body = envelope(200, null, "Vendor/AuthController", "createUser",
      new JsonObject().put("statusCode", 143).put("message", "generic_error"));

    assertThatThrownBy(() -> contract.check("POST", "/_plugin/Vendor/user/create", 200, JSON, body))
      .hasMessageContaining("message");
  }

  @Test
  void metricsArePlainTextNotJson() {
    assertThatCode(() -> contract.check("GET", "/metrics", 200, "text/plain; version=0.0.4; charset=utf-8", "# HELP x\n"))
      .doesNotThrowAnyException();
    assertThatThrownBy(() -> contract.check("GET", "/metrics", 200, JSON, "{}")).hasMessageContaining("application/json");
  }

  private static String envelope(int status, JsonObject error, String controller, String action, JsonObject result) {
    return new JsonObject().put("requestId", REQUEST_ID).put("status", status).put("error", error)
      .put("controller", controller).put("action", action).put("collection", null).put("index", null).put("volatile", null)
      .put("result", result).encode();
  }

  private static JsonObject error(int status, String kind, String message, String id) {
    return new JsonObject().put("message", message).put("status", status).put("stack", kind + "Error: " + message).put("id", id);
  }
}
