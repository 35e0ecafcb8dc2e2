package io.lanyard.web;

import io.lanyard.model.api.Version;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /_publicApi, / and /_serverInfo: Kuzzle's route table, generated from the one the service serves (docs/decisions.md §3). */
class PublicApiIT {

  private final TestApp app = TestApp.shared();
  private final Http http = app.http();

  @Test
  void publicApiListsEveryServedRouteAndNothingElse() {
    Http.Response response = http.get("/_publicApi");

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("server");
    assertThat(response.body().getString("action")).isEqualTo("publicApi");
    assertThat(response.result()).isEqualTo(expectedTable(app.lanyard().routes()));
  }

  @Test
  void theTableHasKuzzlesShape() {
    JsonObject table = http.get("/_publicApi").result();

    assertThat(table.getJsonObject("auth").getJsonObject("login")).isEqualTo(new JsonObject()
      .put("controller", "auth").put("action", "login")
      .put("http", new JsonArray().add(new JsonObject().put("verb", "POST").put("url", "/_login/:strategy"))));
    assertThat(table.getJsonObject("Vendor/userController").getJsonObject("getAllUserTypes").getJsonArray("http"))
      .containsExactly(
        new JsonObject().put("verb", "GET").put("url", "/_plugin/Vendor/user/getAllUserTypes"),
        new JsonObject().put("verb", "POST").put("url", "/_plugin/Vendor/user/getAllUserTypes"));
    assertThat(table.getJsonObject("auth").fieldNames())
      .contains("login", "checkToken", "logout", "refreshToken", "getCurrentUser");
    assertThat(table.getJsonObject("server").fieldNames()).contains("info", "publicApi", "healthCheck");
    assertThat(table.getJsonObject("auth").getJsonObject("getCurrentUser").getJsonArray("http")).containsExactly(
      new JsonObject().put("verb", "GET").put("url", "/_me"), new JsonObject().put("verb", "GET").put("url", "/users/_me"));
  }

  @Test
  void pluginControllersFollowThePluginName() {
    try (TestApp acme = TestApp.start(Map.of("LANYARD_PLUGIN_NAME", "Acme"))) {
      JsonObject table = acme.http().get("/_publicApi").result();

      assertThat(table.fieldNames()).contains("Acme/userController").doesNotContain("Vendor/userController");
      assertThat(table.getJsonObject("Acme/userController").getJsonObject("getAllUserTypes").getJsonArray("http")
        .getJsonObject(0).getString("url")).isEqualTo("/_plugin/Acme/user/getAllUserTypes");
    }
  }

  @Test
  void serverInfoOnBothPathsCarriesTheSameTable() {
    JsonObject table = http.get("/_publicApi").result();

    for (String path : List.of("/", "/_serverInfo")) {
      Http.Response response = http.get(path);

      assertThat(response.status()).withFailMessage(path).isEqualTo(200);
      assertThat(response.body().getString("controller")).isEqualTo("server");
      assertThat(response.body().getString("action")).isEqualTo("info");
      assertThat(response.result()).isEqualTo(new JsonObject().put("serverInfo", new JsonObject()
        .put("kuzzle", new JsonObject().put("version", Version.NUMBER).put("api", new JsonObject().put("routes", table)))
        .put("services", new JsonObject())));
    }
  }

  @Test
  void serverInfoTellsNoHostNoSettingNoSecret() {
    String text = http.get("/_serverInfo").text() + http.get("/_publicApi").text();

    assertThat(text).doesNotContain(TestApp.JWT_SECRET, TestDb.get().name(), "127.0.0.1", "0.0.0.0", "5432", "postgres",
      "bcrypt", Integer.toString(app.port()));
  }

  @Test
  void aValidTokenIsAcceptedAndNoneIsNeeded() {
    assertThat(http.get("/_publicApi").status()).isEqualTo(200);
  }

  private static JsonObject expectedTable(List<Route> routes) {
    JsonObject table = new JsonObject();
    for (Route route : routes) {
      JsonObject actions = table.getJsonObject(route.controller(), new JsonObject());
      table.put(route.controller(), actions);
      JsonObject action = actions.getJsonObject(route.action(),
        new JsonObject().put("controller", route.controller()).put("action", route.action()).put("http", new JsonArray()));
      actions.put(route.action(), action);
      action.getJsonArray("http").add(new JsonObject().put("verb", route.method().name()).put("url", route.path()));
    }
    assertThat(routes).hasSizeGreaterThanOrEqualTo(12);
    return table;
  }
}
