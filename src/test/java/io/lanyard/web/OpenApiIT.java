package io.lanyard.web;

import com.fasterxml.jackson.databind.JsonNode;
import io.lanyard.testing.Http;
import io.lanyard.testing.OpenApiContract;
import io.lanyard.testing.TestApp;
import io.lanyard.web.server.OpenApiDocument;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /_openapi, and the document against the route table: every route the service serves is documented (replies are checked
 * against it by every test, through {@link Http}).
 */
class OpenApiIT {

  private final TestApp app = TestApp.shared();

  @Test
  void servesTheDocumentAsJsonWithoutTheEnvelope() {
    Http.Response response = app.http().get("/_openapi");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.headers().get("Content-Type")).isEqualTo("application/json; charset=utf-8");
    assertThat(response.body()).isEqualTo(OpenApiDocument.read());
    assertThat(response.body().getString("openapi")).startsWith("3.1.");
  }

  @Test
  void everyServedRouteIsDocumented() {
    JsonNode paths = OpenApiContract.get().document().get("paths");

    for (Route route : app.lanyard().routes()) {
      String path = route.path().replaceAll(":([A-Za-z]+)", "{$1}");
      JsonNode operation = paths.path(path).path(route.method().name().toLowerCase(Locale.ROOT));

      assertThat(operation.isMissingNode()).withFailMessage("not in openapi.yaml: %s %s", route.method(), path).isFalse();
      assertThat(operation.path("responses").has("200")).withFailMessage("no 200 for %s %s", route.method(), path).isTrue();
    }
    assertThat(paths.path("/metrics").has("get")).isTrue();
  }

  @Test
  void servesThePluginPathsUnderTheConfiguredName() {
    try (TestApp renamed = TestApp.start(Map.of("LANYARD_PLUGIN_NAME", "Fair"))) {
      JsonObject document = renamed.http().get("/_openapi").body();

      assertThat(document.getJsonObject("paths").fieldNames())
        .contains("/_plugin/Fair/user/create")
        .noneMatch(path -> path.contains("Vendor"));
      assertThat(document.encode()).contains("\"Fair/AuthController\"").doesNotContain("\"Vendor/AuthController\"");
    }
  }
}
